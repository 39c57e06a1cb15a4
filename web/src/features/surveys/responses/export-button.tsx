// 'Export' (spec 3 §2): the responses as an xlsx, streamed by the server and saved under its name, with the bytes
// received shown while it downloads (a percent when the size is known); the download can be cancelled.
import { ActionIcon, Button, Group, Progress, Stack, Text, Tooltip } from "@mantine/core";
import { IconFileSpreadsheet, IconX } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../api/errors.ts";
import { formatBytes } from "../../../components/format-bytes.ts";
import { showError } from "../../../components/toast.ts";
import { type DownloadState, downloadPercent } from "../../content-export/export-form.ts";
import { useExportResponses } from "./api.ts";

export function ExportButton({ surveyUuid, label }: { surveyUuid: string; label: string }) {
  const { t, i18n } = useTranslation();
  const exportResponses = useExportResponses(surveyUuid);
  const [progress, setProgress] = useState<DownloadState | null>(null);
  const controller = useRef<AbortController | null>(null);

  const start = () => {
    controller.current = new AbortController();
    setProgress({ received: 0, total: null });
    exportResponses.mutate(
      { label, signal: controller.current.signal, onProgress: (received, total) => setProgress({ received, total }) },
      {
        onError: (error) => {
          if (!controller.current?.signal.aborted) showError(errorText(error));
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  if (!progress) {
    return (
      <Button variant="light" leftSection={<IconFileSpreadsheet size={16} />} onClick={start}>
        {t("surveyResponses.export")}
      </Button>
    );
  }
  const percent = downloadPercent(progress);
  const received = formatBytes(progress.received, i18n.language);
  return (
    <Group gap="xs" wrap="nowrap" data-testid="export-progress">
      <Stack gap={2} w={200}>
        <Progress
          value={percent ?? 100}
          striped={percent === null}
          animated={percent === null}
          aria-label={t("surveyResponses.exporting")}
        />
        <Text size="xs" c="dimmed" aria-live="polite">
          {percent === null || progress.total === null
            ? t("surveyResponses.received", { received })
            : t("surveyResponses.receivedOf", { received, total: formatBytes(progress.total, i18n.language), percent })}
        </Text>
      </Stack>
      <Tooltip label={t("surveyResponses.cancelExport")}>
        <ActionIcon variant="subtle" aria-label={t("surveyResponses.cancelExport")} onClick={() => controller.current?.abort()}>
          <IconX size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
