// Print preview (spec 1 §2, §5, §8): a full-screen dialog over the container with a box per section to include, the
// sheet as it will print (read afresh from GET /containers/{uuid}), and Print, which hands the page to the browser's
// print dialog; the print styles leave everything but the sheet off the paper.
import { Alert, Button, Checkbox, CloseButton, Group, Modal, Stack, Text } from "@mantine/core";
import { IconPrinter } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryStatus } from "../../components/query-status.tsx";
import { useContainer } from "../containers/api.ts";
import type { ContainerTarget } from "../containers/extensions.ts";
import classes from "./print-preview.module.css";
import { ALL_SECTIONS, PRINT_SECTIONS, type PrintSection, toggleSection } from "./print-sections.ts";
import { PrintSheet } from "./print-sheet.tsx";

type Props = { container: ContainerTarget; onClose: () => void };

export function PrintPreviewModal({ container, onClose }: Props) {
  const { t } = useTranslation();
  const full = useContainer(container.uuid);
  const [selected, setSelected] = useState<readonly PrintSection[]>(ALL_SECTIONS);
  const [isRefused, setRefused] = useState(false);

  const toggle = (section: PrintSection, isChecked: boolean) => {
    const choice = toggleSection(selected, section, isChecked);
    setSelected(choice.selected);
    setRefused(choice.isRefused);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      withCloseButton={false}
      padding={0}
      classNames={{ root: classes.root, inner: classes.inner, content: classes.content, body: classes.body, overlay: classes.overlay }}
    >
      <Stack gap="xs" className={classes.toolbar}>
        <Group justify="space-between" wrap="nowrap">
          {/* The dialog is named by this title (Modal.Title wires aria-labelledby). */}
          <Modal.Title fw={600}>{t("printPreview.title", { label: container.label })}</Modal.Title>
          <Group gap="xs" wrap="nowrap">
            <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!full.data}>
              {t("printPreview.print")}
            </Button>
            <CloseButton size="lg" aria-label={t("printPreview.close")} onClick={onClose} />
          </Group>
        </Group>
        <Group gap="lg" role="group" aria-label={t("printPreview.include")}>
          <Text size="sm" fw={500}>
            {t("printPreview.include")}
          </Text>
          {PRINT_SECTIONS.map((section, index) => (
            <Checkbox
              key={section}
              // Keyboard focus starts on the first section box, the dialog's first field.
              data-autofocus={index === 0 || undefined}
              label={t(`printPreview.sections.${section}`)}
              checked={selected.includes(section)}
              onChange={(event) => toggle(section, event.currentTarget.checked)}
            />
          ))}
        </Group>
        {isRefused && (
          <Alert color="yellow" role="alert" py="xs">
            {t("printPreview.atLeastOne")}
          </Alert>
        )}
      </Stack>
      <div className={classes.page}>
        {full.data ? (
          <PrintSheet container={full.data} sections={selected} />
        ) : (
          <QueryStatus isLoading={full.isLoading} error={full.error} />
        )}
      </div>
    </Modal>
  );
}
