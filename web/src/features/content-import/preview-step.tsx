// Step Preview & Submit: the file's upload progress, then the server's check of the rows, then what would be created.
import { Alert, Button, Center, Group, Loader, Progress, Stack, Text } from "@mantine/core";
import type { ImportPreview } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { IssueAlerts } from "./issue-alerts.tsx";
import { PreviewTable } from "./preview-table.tsx";

type Props = {
  preview: ImportPreview | undefined;
  isPending: boolean;
  /** 0–100 of the file sent; at 100 the server is reading it. */
  percent: number;
  error: unknown;
  onRetry: () => void;
};

function Sending({ percent }: { percent: number }) {
  const { t } = useTranslation();
  const isChecking = percent >= 100;
  return (
    <Stack py="xl" gap="sm" role="status" aria-live="polite">
      {isChecking ? (
        <Center>
          <Loader size="sm" />
        </Center>
      ) : (
        <Progress value={percent} animated aria-label={t("contentImport.uploading", { percent })} />
      )}
      <Text size="sm" ta="center" c="dimmed">
        {isChecking ? t("contentImport.checking") : t("contentImport.uploading", { percent })}
      </Text>
    </Stack>
  );
}

export function PreviewStep({ preview, isPending, percent, error, onRetry }: Props) {
  const { t } = useTranslation();
  if (isPending) return <Sending percent={percent} />;
  if (error) {
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{errorText(error)}</Text>
          <Button size="xs" variant="default" onClick={onRetry}>
            {t("contentImport.retry")}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!preview) return null;
  return (
    <Stack>
      <IssueAlerts preview={preview} />
      {preview.containers.length === 0 ? <Alert color="gray">{t("contentImport.noContainers")}</Alert> : <PreviewTable preview={preview} />}
    </Stack>
  );
}
