// Rename a container or a file: one free-text label input (spec 1 §5: only the label is sent).
import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { CONTENT_LIMITS } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { showError, showSuccess } from "../../components/toast.ts";
import { type ItemRef, useRename } from "./api.ts";

type Props = { item: ItemRef & { label: string }; onClose: () => void };

export function RenameModal({ item, onClose }: Props) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(item.label);
  const rename = useRename();
  const isBlank = label.trim() === "";

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (isBlank) return;
    rename.mutate(
      { item: { kind: item.kind, uuid: item.uuid }, label: label.trim() },
      {
        onSuccess: () => {
          showSuccess(t("toast.updated"));
          onClose();
        },
        onError: (error) => showError(errorText(error)),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t("containers.rename.title")}>
      <form noValidate onSubmit={submit}>
        <Stack>
          <TextInput
            label={t("containers.rename.label")}
            value={label}
            maxLength={CONTENT_LIMITS.labelMaxLength}
            onChange={(event) => setLabel(event.currentTarget.value)}
            error={isBlank ? t("common.required") : undefined}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={rename.isPending} disabled={isBlank}>
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
