// The two-stage term import (spec 2 §4): a spreadsheet is read into rows (nothing saved), then the chosen valid rows
// are imported. Import stays disabled while nothing is chosen; a result that is not valid shows its errors.
import { Alert, Button, FileInput, Group, List, Loader, Modal, ScrollArea, Stack } from "@mantine/core";
import { TERM_FILE_EXTENSIONS, type TermFileRow, type TermImportResult, XLSX_MEDIA_TYPE } from "@repox/contracts";
import { IconFileSpreadsheet } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { useFirstFieldFocus } from "../../components/first-field-focus.ts";
import { showSuccess } from "../../components/toast.ts";
import { useImportTerms, useLoadTermFile } from "./api.ts";
import { TermFileRows } from "./term-file-rows.tsx";
import { chosenTerms, type Selection } from "./term-selection.ts";

const ACCEPT = [...TERM_FILE_EXTENSIONS, XLSX_MEDIA_TYPE, "text/csv"].join(",");

function ImportErrors({ result }: { result: TermImportResult }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t("terms.notImported", { count: result.imported })}>
      <ScrollArea.Autosize mah={160}>
        <List size="sm">
          {result.errors.map((error) => (
            <List.Item key={error}>{error}</List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Alert>
  );
}

export function TermImportModal({ vocabularyUuid, onClose }: { vocabularyUuid: string; onClose: () => void }) {
  const { t } = useTranslation();
  const load = useLoadTermFile(vocabularyUuid);
  const importTerms = useImportTerms(vocabularyUuid);
  const [rows, setRows] = useState<TermFileRow[] | null>(null);
  const [selection, setSelection] = useState<Selection>(new Set());

  const read = (file: File | null) => {
    if (!file) return;
    importTerms.reset();
    load.mutate(file, {
      onSuccess: (answer) => {
        setRows(answer.rows);
        setSelection(new Set());
      },
    });
  };
  const startOver = () => {
    setRows(null);
    load.reset();
    importTerms.reset();
  };
  const submit = () => {
    if (!rows) return;
    importTerms.mutate(chosenTerms(selection, rows), {
      onSuccess: (result) => {
        if (!result.valid) return;
        showSuccess(t("toast.importedTerms"));
        onClose();
      },
    });
  };

  const focusRef = useFirstFieldFocus();
  return (
    <Modal opened onClose={onClose} title={t("terms.importTitle")} size="xl">
      <Stack ref={focusRef}>
        {load.error && <Alert color="red">{errorText(load.error)}</Alert>}
        {importTerms.error && <Alert color="red">{errorText(importTerms.error)}</Alert>}
        {importTerms.data && !importTerms.data.valid && <ImportErrors result={importTerms.data} />}
        {rows === null ? (
          <FileInput
            label={t("terms.file")}
            description={t("terms.fileHint")}
            placeholder={t("terms.filePlaceholder")}
            accept={ACCEPT}
            leftSection={<IconFileSpreadsheet size={16} />}
            rightSection={load.isPending ? <Loader size="xs" /> : null}
            onChange={read}
            disabled={load.isPending}
            clearable={false}
          />
        ) : (
          <>
            <TermFileRows rows={rows} selection={selection} onChange={setSelection} />
            <Group justify="space-between">
              <Button variant="default" onClick={startOver}>
                {t("terms.chooseAnother")}
              </Button>
              <Button onClick={submit} disabled={selection.size === 0} loading={importTerms.isPending}>
                {t("terms.importSelected")}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
