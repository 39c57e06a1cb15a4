// 'Import content model': a content-model.json written by the export (of this or another tenant) is sent to the
// server, which creates what is missing and reports what it skipped or refused.
import { Alert, Button, FileInput, Modal, Stack, Text } from "@mantine/core";
import { CONTENT_MODEL_LIMITS, type ContentModelImportResult } from "@repox/contracts";
import { IconJson } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../api/errors.ts";
import { DialogFooter } from "../../../components/dialog-footer.tsx";
import { formatBytes } from "../../../components/format-bytes.ts";
import { useImportContentModel } from "./api.ts";
import { ImportResult } from "./import-result.tsx";
import { readContentModelFile } from "./read-content-model-file.ts";

export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ContentModelImportResult | null>(null);
  const importModel = useImportContentModel();

  const submit = async () => {
    if (!file) return;
    setProblem(null);
    const read = await readContentModelFile(file);
    if (!read.ok) {
      const size = formatBytes(CONTENT_MODEL_LIMITS.importMaxBytes, i18n.language);
      setProblem(read.problem === "tooLarge" ? t("contentModel.import.tooLarge", { size }) : t("contentModel.import.notJson"));
      return;
    }
    importModel.mutate(read.content, { onSuccess: setResult });
  };

  const startAgain = () => {
    setFile(null);
    setResult(null);
    importModel.reset();
  };

  return (
    <Modal opened onClose={onClose} title={t("contentModel.import.title")} size="lg">
      {result ? (
        <Stack>
          <ImportResult result={result} />
          <DialogFooter spread>
            <Button variant="default" onClick={startAgain}>
              {t("contentModel.import.again")}
            </Button>
            <Button onClick={onClose}>{t("contentModel.import.close")}</Button>
          </DialogFooter>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm" c="dimmed">
            {t("contentModel.import.hint")}
          </Text>
          {(problem || importModel.error) && <Alert color="red">{problem ?? errorText(importModel.error)}</Alert>}
          <FileInput
            data-autofocus
            label={t("contentModel.import.file")}
            placeholder={t("contentModel.import.filePlaceholder")}
            accept=".json,application/json"
            leftSection={<IconJson size={16} />}
            clearable
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              setProblem(null);
              importModel.reset();
            }}
          />
          <DialogFooter spread={false}>
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button onClick={submit} disabled={!file} loading={importModel.isPending}>
              {t("contentModel.import.submit")}
            </Button>
          </DialogFooter>
        </Stack>
      )}
    </Modal>
  );
}
