// The notices of spec 1 §8 when the preview holds errors (Submit is blocked) or warnings (Submit is allowed).
import { Alert, Stack } from "@mantine/core";
import type { ImportPreview } from "@repox/contracts";
import { IconAlertTriangle, IconInfoCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

export function IssueAlerts({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation();
  if (preview.errors.length === 0 && preview.warnings.length === 0) return null;
  return (
    <Stack gap="xs">
      {preview.errors.length > 0 && (
        <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />}>
          {t("contentImport.errorsNotice")}
        </Alert>
      )}
      {preview.warnings.length > 0 && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
          {t("contentImport.warningsNotice")}
        </Alert>
      )}
    </Stack>
  );
}
