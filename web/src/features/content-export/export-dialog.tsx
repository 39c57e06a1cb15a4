// Export files (spec 1 §2, §5, §7, §8): lists what goes into the archive, asks for the archive format and whether to
// export metadata (both required), then downloads the archive with its progress. Closing the dialog cancels it.
import { Button, Group, List, Modal, Radio, ScrollArea, Stack, Text, ThemeIcon } from "@mantine/core";
import { ARCHIVE_FORMATS, type ArchiveFormat, type ContentNode } from "@repox/contracts";
import { IconFile, IconFolder } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { DialogFooter } from "../../components/dialog-footer.tsx";
import { useFirstFieldFocus } from "../../components/first-field-focus.ts";
import { showError, showSuccess } from "../../components/toast.ts";
import { useExportContent } from "./api.ts";
import { type DownloadState, exportBody, findExportProblems, metadataFrom, metadataValue, NO_CHOICES } from "./export-form.ts";
import { ExportProgress } from "./export-progress.tsx";

/** Progress repaints at most this often: a large archive arrives in many thousands of chunks. */
const PROGRESS_INTERVAL_MS = 100;

type Props = { containers: ContentNode[]; datastreams: ContentNode[]; onClose: () => void };

function ExportedItems({ containers, datastreams }: Omit<Props, "onClose">) {
  const { t } = useTranslation();
  const icon = (Icon: typeof IconFile) => (
    <ThemeIcon size={20} variant="light" color="gray">
      <Icon size={14} />
    </ThemeIcon>
  );
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {t("contentExport.items", { count: containers.length + datastreams.length })}
      </Text>
      <ScrollArea.Autosize mah={180} type="auto">
        <List spacing={4} size="sm" aria-label={t("contentExport.itemsList")} data-testid="export-items">
          {containers.map((node) => (
            <List.Item key={node.uuid} icon={icon(IconFolder)}>
              {node.label}
            </List.Item>
          ))}
          {datastreams.map((node) => (
            <List.Item key={node.uuid} icon={icon(IconFile)}>
              {node.label}
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
      {containers.length > 0 && (
        <Text size="xs" c="dimmed">
          {t("contentExport.withContents")}
        </Text>
      )}
    </Stack>
  );
}

export function ExportDialog({ containers, datastreams, onClose }: Props) {
  const { t } = useTranslation();
  const [choices, setChoices] = useState(NO_CHOICES);
  const [isChecked, setChecked] = useState(false);
  const [progress, setProgress] = useState<DownloadState | null>(null);
  const exportContent = useExportContent();
  const controller = useRef<AbortController | null>(null);
  const problems = isChecked ? findExportProblems(choices) : { archiveFormat: false, exportMetadata: false };

  useEffect(() => () => controller.current?.abort(), []);

  const submit = () => {
    setChecked(true);
    const body = exportBody(choices, containers, datastreams);
    if (!body) return;
    const current = new AbortController();
    controller.current = current;
    let shownAt = 0;
    setProgress({ received: 0, total: null });
    exportContent.mutate(
      {
        body,
        signal: current.signal,
        onProgress: (received, total) => {
          const now = performance.now();
          if (now - shownAt < PROGRESS_INTERVAL_MS && received !== total) return;
          shownAt = now;
          setProgress({ received, total });
        },
      },
      {
        onSuccess: () => {
          showSuccess(t("toast.exported"));
          onClose();
        },
        onError: (error) => {
          setProgress(null);
          if (!current.signal.aborted) showError(errorText(error));
        },
      },
    );
  };

  const isBusy = exportContent.isPending;
  const focusRef = useFirstFieldFocus();
  return (
    <Modal opened onClose={onClose} title={t("contentExport.title")}>
      <form
        ref={focusRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <ExportedItems containers={containers} datastreams={datastreams} />
          <Radio.Group
            label={t("contentExport.archiveFormat")}
            required
            value={choices.archiveFormat}
            onChange={(value) => setChoices((current) => ({ ...current, archiveFormat: value as ArchiveFormat }))}
            error={problems.archiveFormat ? t("common.required") : undefined}
          >
            <Group mt={6}>
              {ARCHIVE_FORMATS.map((format) => (
                <Radio key={format} value={format} label={t(`contentExport.formats.${format}`)} disabled={isBusy} />
              ))}
            </Group>
          </Radio.Group>
          <Radio.Group
            label={t("contentExport.exportMetadata")}
            description={t("contentExport.exportMetadataHint")}
            required
            value={metadataValue(choices.exportMetadata)}
            onChange={(value) => setChoices((current) => ({ ...current, exportMetadata: metadataFrom(value) }))}
            error={problems.exportMetadata ? t("common.required") : undefined}
          >
            <Group mt={6}>
              <Radio value="yes" label={t("contentExport.yes")} disabled={isBusy} />
              <Radio value="no" label={t("contentExport.no")} disabled={isBusy} />
            </Group>
          </Radio.Group>
          {progress && <ExportProgress state={progress} />}
          <DialogFooter spread={false}>
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={isBusy}>
              {t("contentExport.submit")}
            </Button>
          </DialogFooter>
        </Stack>
      </form>
    </Modal>
  );
}
