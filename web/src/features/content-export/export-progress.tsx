// How far the archive download has come: a percent when the size is known, else the bytes so far on a moving bar
// (the server writes the archive while it sends it, so it cannot know the size in advance).
import { Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../components/format-bytes.ts";
import { type DownloadState, downloadPercent } from "./export-form.ts";

export function ExportProgress({ state }: { state: DownloadState }) {
  const { t, i18n } = useTranslation();
  const percent = downloadPercent(state);
  const received = formatBytes(state.received, i18n.language);
  return (
    <Stack gap={4} data-testid="export-progress">
      <Progress value={percent ?? 100} striped={percent === null} animated={percent === null} aria-label={t("contentExport.downloading")} />
      <Text size="xs" c="dimmed" aria-live="polite">
        {percent === null || state.total === null
          ? t("contentExport.received", { received })
          : t("contentExport.receivedOf", { received, total: formatBytes(state.total, i18n.language), percent })}
      </Text>
    </Stack>
  );
}
