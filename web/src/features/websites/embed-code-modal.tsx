// The 'Embed code' dialog (spec 3 §2, §5, §8): the iframe code read-only, Width (at least 640, steps of 10) and Height
// (at least 300, steps of 10), 640×480 by default, Responsive for a wrapper that keeps the proportion; Copy puts the
// code on the clipboard and says 'Link copied to clipboard!'.
import { Button, Checkbox, Group, Modal, NumberInput, Stack, Textarea } from "@mantine/core";
import { useClipboard } from "@mantine/hooks";
import { WEBSITE_EMBED } from "@repox/contracts";
import { IconCopy } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { currentTenant } from "../../api/tenant.ts";
import { DialogFooter } from "../../components/dialog-footer.tsx";
import { showInfo } from "../../components/toast.ts";
import { DEFAULT_EMBED_SIZE, embedCode, embedDimension, embedUrl } from "./embed-code.ts";

type Props = { opened: boolean; onClose: () => void; websiteId: string; title: string };

export function EmbedCodeModal({ opened, onClose, websiteId, title }: Props) {
  const { t } = useTranslation();
  const clipboard = useClipboard();
  const [width, setWidth] = useState<number | string>(DEFAULT_EMBED_SIZE.width);
  const [height, setHeight] = useState<number | string>(DEFAULT_EMBED_SIZE.height);
  const [isResponsive, setResponsive] = useState(false);
  const size = { width: embedDimension(width, WEBSITE_EMBED.minWidth), height: embedDimension(height, WEBSITE_EMBED.minHeight) };
  const code = embedCode({ url: embedUrl(window.location.origin, currentTenant(), websiteId), title, size, isResponsive });
  const copy = () => {
    clipboard.copy(code);
    showInfo(t("websites.embed.copied"));
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t("websites.embed.title")} size="lg">
      <Stack gap="md">
        <Textarea
          label={t("websites.embed.code")}
          value={code}
          readOnly
          autosize
          minRows={3}
          maxRows={8}
          data-testid="embed-code"
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
        />
        <Group grow align="flex-start">
          <NumberInput
            label={t("websites.embed.width")}
            min={WEBSITE_EMBED.minWidth}
            step={WEBSITE_EMBED.step}
            value={width}
            onChange={setWidth}
            onBlur={() => setWidth(size.width)}
            allowDecimal={false}
            allowNegative={false}
          />
          <NumberInput
            label={t("websites.embed.height")}
            min={WEBSITE_EMBED.minHeight}
            step={WEBSITE_EMBED.step}
            value={height}
            onChange={setHeight}
            onBlur={() => setHeight(size.height)}
            allowDecimal={false}
            allowNegative={false}
          />
        </Group>
        <Checkbox
          label={t("websites.embed.responsive")}
          checked={isResponsive}
          onChange={(event) => setResponsive(event.currentTarget.checked)}
        />
      </Stack>
      <DialogFooter spread={false}>
        <Button variant="default" onClick={onClose}>
          {t("common.cancel")}
        </Button>
        <Button leftSection={<IconCopy size={16} />} onClick={copy}>
          {t("websites.embed.copy")}
        </Button>
      </DialogFooter>
    </Modal>
  );
}
