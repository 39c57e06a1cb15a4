// Create or edit a vocabulary: name, description (with a counter, at most 255 characters) and vocabulary URI.
import { Modal, Textarea, TextInput } from "@mantine/core";
import { isNotEmpty, useForm } from "@mantine/form";
import { isHttpUrl, VOCABULARY_LIMITS as L, type Vocabulary } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { EditorForm } from "../../components/editor-form.tsx";
import { toastSaved } from "../../components/toast.ts";
import { useDeleteVocabulary, useSaveVocabulary } from "./api.ts";

type Props = { vocabulary: Vocabulary | null; canEdit: boolean; onClose: () => void };

export function VocabularyDialog({ vocabulary, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveVocabulary();
  const remove = useDeleteVocabulary();
  const form = useForm({
    initialValues: { name: vocabulary?.name ?? "", description: vocabulary?.description ?? "", vocUri: vocabulary?.vocUri ?? "" },
    validate: {
      name: isNotEmpty(t("common.required")),
      vocUri: (value) => (value.trim() === "" || isHttpUrl(value.trim()) ? null : t("vocabularies.invalidUri")),
    },
  });

  const submit = form.onSubmit((values) => {
    const body = { name: values.name.trim(), description: values.description.trim(), vocUri: values.vocUri.trim() };
    save.mutate(vocabulary ? { key: vocabulary.uuid, body } : { key: null, body }, toastSaved(!vocabulary, onClose));
  });

  return (
    <Modal opened onClose={onClose} title={vocabulary ? t("vocabularies.editTitle") : t("vocabularies.createTitle")}>
      <EditorForm
        onSubmit={submit}
        canEdit={canEdit}
        save={save}
        removal={vocabulary && { label: vocabulary.name, key: vocabulary.uuid, mutation: remove, onDeleted: onClose }}
      >
        <TextInput label={t("vocabularies.name")} withAsterisk maxLength={L.nameMaxLength} {...form.getInputProps("name")} />
        <Textarea
          label={t("vocabularies.description")}
          description={`${form.values.description.length} / ${L.descriptionMaxLength}`}
          maxLength={L.descriptionMaxLength}
          autosize
          minRows={2}
          {...form.getInputProps("description")}
        />
        <TextInput type="url" label={t("vocabularies.vocUri")} maxLength={L.uriMaxLength} {...form.getInputProps("vocUri")} />
      </EditorForm>
    </Modal>
  );
}
