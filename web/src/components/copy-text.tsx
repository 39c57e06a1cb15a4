// A copy-to-clipboard button for a link (or, with `copiedMessage`, another text) shown beside it: a tooltip that says
// Copied, and a toast ('Link copied' unless told otherwise).
import { ActionIcon, CopyButton, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { showInfo } from "./toast.ts";

export function CopyText({ value, copiedMessage }: { value: string; copiedMessage?: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t("common.copied") : t("common.copy")}>
          <ActionIcon
            variant="subtle"
            aria-label={t("common.copy")}
            onClick={() => {
              copy();
              showInfo(copiedMessage ?? t("common.linkCopied"));
            }}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
