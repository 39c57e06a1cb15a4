// The two-stage contact import (spec 3 §2, §4): a spreadsheet dropped on the zone is read by the server (nothing
// saved); a file with errors is to be fixed and dropped again, otherwise its contacts show in a selection table
// (warnings marked on their rows) and the chosen ones are imported, created or updated by e-mail.
import { Alert, Button, Group, List, Loader, Modal, ScrollArea, Stack, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import "@mantine/dropzone/styles.css";
import { CONTACT_FILE_COLUMNS, CONTACT_LIMITS, type ContactFileResult, XLSX_MEDIA_TYPE } from "@repox/contracts";
import { IconFileSpreadsheet } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { useFirstFieldFocus } from "../../components/first-field-focus.ts";
import { formatBytes } from "../../components/format-bytes.ts";
import { showError, showSuccess, showWarning } from "../../components/toast.ts";
import { useImportContacts, useLoadContactFile } from "./api.ts";
import { ContactFileTable } from "./contact-file-table.tsx";
import { chosenContacts, initialSelection } from "./import-selection.ts";

/** Spec 3 §5: Excel files (ms-excel and openxml spreadsheet); CSV, which Windows often types as ms-excel, too. */
const ACCEPT = { [XLSX_MEDIA_TYPE]: [".xlsx"], "application/vnd.ms-excel": [".csv"], "text/csv": [".csv"] };

function FileErrors({ file }: { file: ContactFileResult }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t("contacts.importErrorsToast")} role="alert">
      <ScrollArea.Autosize mah={240}>
        <List size="sm">
          {file.errors.map((error) => (
            <List.Item key={`${error.row}:${error.message}`}>{error.message}</List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Alert>
  );
}

export function ContactImportModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const load = useLoadContactFile();
  const importContacts = useImportContacts();
  const [file, setFile] = useState<ContactFileResult | null>(null);
  const [selection, setSelection] = useState<Set<number>>(new Set());
  const focusRef = useFirstFieldFocus();

  const read = (files: File[]) => {
    const chosen = files[0];
    if (!chosen) return;
    importContacts.reset();
    load.mutate(chosen, {
      onSuccess: (answer) => {
        setFile(answer);
        setSelection(initialSelection(answer.contacts));
        if (answer.errors.length > 0) showError(t("contacts.importErrorsToast"));
        else if (answer.warnings.length > 0) showWarning(t("contacts.importWarningsToast"));
      },
    });
  };
  const startOver = () => {
    setFile(null);
    load.reset();
    importContacts.reset();
  };
  const submit = () => {
    if (!file) return;
    importContacts.mutate(chosenContacts(file.contacts, selection), {
      onSuccess: () => {
        showSuccess(t("contacts.importedToast"));
        onClose();
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={t("contacts.importTitle")} size="xl">
      <Stack ref={focusRef}>
        {load.error && <Alert color="red">{errorText(load.error)}</Alert>}
        {importContacts.error && <Alert color="red">{errorText(importContacts.error)}</Alert>}
        {file === null ? (
          <Dropzone
            onDrop={read}
            onReject={(rejections) => read(rejections.map((rejection) => rejection.file))}
            accept={ACCEPT}
            multiple={false}
            loading={load.isPending}
            data-autofocus
          >
            <Group justify="center" gap="md" mih={120} style={{ pointerEvents: "none" }}>
              <IconFileSpreadsheet size={36} stroke={1.5} />
              <div>
                <Text size="lg">{t("contacts.dropTitle")}</Text>
                <Text size="sm" c="dimmed">
                  {t("contacts.dropHint", {
                    columns: CONTACT_FILE_COLUMNS.join(", "),
                    size: formatBytes(CONTACT_LIMITS.fileMaxBytes, i18n.language),
                  })}
                </Text>
              </div>
            </Group>
          </Dropzone>
        ) : file.errors.length > 0 ? (
          <>
            <FileErrors file={file} />
            <Group justify="flex-end">
              <Button variant="default" onClick={startOver}>
                {t("contacts.chooseAnother")}
              </Button>
            </Group>
          </>
        ) : (
          <>
            {file.warnings.length > 0 && (
              <Alert color="yellow" title={t("contacts.importWarningsToast")}>
                {t("contacts.importWarningsHint", { count: file.warnings.length })}
              </Alert>
            )}
            <ContactFileTable contacts={file.contacts} warnings={file.warnings} selection={selection} onChange={setSelection} />
            <Group justify="space-between">
              <Button variant="default" onClick={startOver}>
                {t("contacts.chooseAnother")}
              </Button>
              <Button onClick={submit} disabled={selection.size === 0} loading={importContacts.isPending}>
                {t("contacts.importSelected", { selected: selection.size })}
              </Button>
            </Group>
          </>
        )}
        {load.isPending && file === null && (
          <Group gap="xs" justify="center">
            <Loader size="xs" />
            <Text size="sm">{t("contacts.reading")}</Text>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
