// The 'Export content model' dialog (spec 2): a box per part, Export disabled until one is ticked, the answer saved
// as content-model.json.
import { Button, Checkbox, Modal, Stack, Text } from "@mantine/core";
import type { ContentModelExportBody } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogFooter } from "../../../components/dialog-footer.tsx";
import { useFirstFieldFocus } from "../../../components/first-field-focus.ts";
import { showError, showSuccess } from "../../../components/toast.ts";
import { statusFailureText } from "../shared/status-failure.ts";
import { useExportContentModel } from "./api.ts";

const PARTS = [
  ["exportContainerTypes", "containerTypes"],
  ["exportDatastreamTypes", "datastreamTypes"],
  ["exportProperties", "properties"],
  ["exportNamespaces", "namespaces"],
  ["exportVocabularies", "vocabularies"],
] as const;

const NOTHING_CHOSEN: ContentModelExportBody = {
  exportContainerTypes: false,
  exportDatastreamTypes: false,
  exportProperties: false,
  exportNamespaces: false,
  exportVocabularies: false,
};

export function ExportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(NOTHING_CHOSEN);
  const exportModel = useExportContentModel();
  const hasChoice = Object.values(chosen).some(Boolean);

  const submit = () =>
    exportModel.mutate(chosen, {
      onSuccess: () => {
        showSuccess(t("contentModel.export.success"));
        onClose();
      },
      onError: (error) => showError(statusFailureText(error)),
    });

  const focusRef = useFirstFieldFocus();
  return (
    <Modal opened onClose={onClose} title={t("contentModel.export.title")}>
      <Stack ref={focusRef}>
        <Text size="sm" c="dimmed">
          {t("contentModel.export.hint")}
        </Text>
        {PARTS.map(([field, label]) => (
          <Checkbox
            key={field}
            label={t(`contentModel.export.${label}`)}
            checked={chosen[field]}
            onChange={(event) => {
              const { checked } = event.currentTarget;
              setChosen((current) => ({ ...current, [field]: checked }));
            }}
          />
        ))}
        <DialogFooter spread={false}>
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button onClick={submit} disabled={!hasChoice} loading={exportModel.isPending}>
            {t("contentModel.export.submit")}
          </Button>
        </DialogFooter>
      </Stack>
    </Modal>
  );
}
