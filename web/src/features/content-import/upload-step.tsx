// Step Upload: one spreadsheet dropped or chosen; a file of another kind, too large or empty is refused at once with
// the reason, and Next stays disabled until an accepted file is chosen.
import { ActionIcon, Alert, Group, Paper, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import "@mantine/dropzone/styles.css";
import { IMPORT_FILE_EXTENSIONS, IMPORT_LIMITS } from "@repox/contracts";
import { IconFileSpreadsheet, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../components/format-bytes.ts";
import { type FileProblem, IMPORT_ACCEPT } from "./import-file-check.ts";

/** What went wrong with the last choice: a check of the file, or several files at once. */
export type UploadProblem = FileProblem | "severalFiles";

type Props = {
  file: File | null;
  problem: UploadProblem | null;
  onChoose: (files: File[]) => void;
  onRemove: () => void;
};

export function UploadStep({ file, problem, onChoose, onRemove }: Props) {
  const { t, i18n } = useTranslation();
  const maxSize = formatBytes(IMPORT_LIMITS.fileMaxBytes, i18n.language);
  const problemText = {
    wrongKind: t("contentImport.wrongKind", { extensions: IMPORT_FILE_EXTENSIONS.join(", ") }),
    tooLarge: t("contentImport.tooLarge", { size: maxSize }),
    empty: t("contentImport.empty"),
    severalFiles: t("contentImport.severalFiles"),
  };
  return (
    <>
      <Dropzone
        onDrop={onChoose}
        // Refused by the chooser's filter: the same checks name the reason.
        onReject={(rejections) => onChoose(rejections.map((rejection) => rejection.file))}
        accept={IMPORT_ACCEPT}
        multiple={false}
        // The drop zone is the step's one field: the dialog's keyboard focus starts on it (Enter opens the chooser).
        data-autofocus
      >
        <Group justify="center" gap="md" mih={100} style={{ pointerEvents: "none" }}>
          <IconFileSpreadsheet size={36} stroke={1.5} />
          <div>
            <Text size="lg">{t("contentImport.dropTitle")}</Text>
            <Text size="sm" c="dimmed">
              {t("contentImport.dropHint", { size: maxSize })}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {problem && (
        <Alert color="red" role="alert" mt="md">
          {problemText[problem]}
        </Alert>
      )}
      {file && (
        <Paper withBorder p="sm" mt="md" data-testid="import-file">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <IconFileSpreadsheet size={20} />
              <Text size="sm" truncate>
                {file.name}
              </Text>
              <Text size="sm" c="dimmed">
                {formatBytes(file.size, i18n.language)}
              </Text>
            </Group>
            <ActionIcon variant="subtle" color="gray" aria-label={t("contentImport.removeFile")} onClick={onRemove}>
              <IconX size={16} />
            </ActionIcon>
          </Group>
        </Paper>
      )}
    </>
  );
}
