// Create or edit a property group: name and description.
import { Modal, TextInput } from "@mantine/core";
import { isNotEmpty, useForm } from "@mantine/form";
import { CONTENT_MODEL_LIMITS as L, type PropertyGroup } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { CountedTextarea } from "../../../components/counted-textarea.tsx";
import { EditorForm } from "../../../components/editor-form.tsx";
import { toastSaved } from "../../../components/toast.ts";
import { useDeletePropertyGroup, useSavePropertyGroup } from "./api.ts";

type Props = { group: PropertyGroup | null; canEdit: boolean; onClose: () => void };

export function PropertyGroupDialog({ group, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSavePropertyGroup();
  const remove = useDeletePropertyGroup();
  const form = useForm({
    initialValues: { name: group?.name ?? "", description: group?.description ?? "" },
    validate: { name: isNotEmpty(t("common.required")) },
  });

  const submit = form.onSubmit((values) => {
    const body = { name: values.name.trim(), description: values.description.trim() };
    save.mutate(group ? { key: group.id, body: { id: group.id, ...body } } : { key: null, body }, toastSaved(!group, onClose));
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={group ? t("contentModel.propertyGroups.editTitle") : t("contentModel.propertyGroups.createTitle")}
    >
      <EditorForm
        onSubmit={submit}
        canEdit={canEdit}
        save={save}
        removal={group && { label: group.name, key: group.id, mutation: remove, onDeleted: onClose }}
      >
        <TextInput label={t("contentModel.propertyGroups.name")} withAsterisk maxLength={L.nameMaxLength} {...form.getInputProps("name")} />
        <CountedTextarea
          label={t("contentModel.propertyGroups.description")}
          maxLength={L.descriptionMaxLength}
          {...form.getInputProps("description")}
        />
      </EditorForm>
    </Modal>
  );
}
