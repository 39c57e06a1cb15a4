// Add a term (termId, label, termUri) or edit one (its termId stays as it is). Only editors open it.
import { Modal, TextInput } from "@mantine/core";
import { isNotEmpty, useForm } from "@mantine/form";
import { isHttpUrl, VOCABULARY_LIMITS as L, type Term } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { EditorForm } from "../../components/editor-form.tsx";
import { toastSaved } from "../../components/toast.ts";
import { useSaveTerm } from "./api.ts";

type Props = { vocabularyUuid: string; term: Term | null; onClose: () => void };

export function TermDialog({ vocabularyUuid, term, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveTerm(vocabularyUuid);
  const form = useForm({
    initialValues: { termId: term?.termId ?? "", label: term?.label ?? "", termUri: term?.termUri ?? "" },
    validate: {
      termId: term ? undefined : isNotEmpty(t("common.required")),
      label: isNotEmpty(t("common.required")),
      termUri: (value) => (value.trim() === "" || isHttpUrl(value.trim()) ? null : t("vocabularies.invalidUri")),
    },
  });

  const submit = form.onSubmit((values) => {
    const fields = { label: values.label.trim(), termUri: values.termUri.trim() };
    const request = term ? { key: term.termId, body: fields } : { key: null, body: { termId: values.termId.trim(), ...fields } };
    save.mutate(request, toastSaved(!term, onClose));
  });

  return (
    <Modal opened onClose={onClose} title={term ? t("terms.editTitle") : t("terms.addTitle")}>
      <EditorForm onSubmit={submit} canEdit save={save} removal={null}>
        <TextInput
          label={t("terms.termId")}
          withAsterisk
          disabled={term !== null}
          maxLength={L.termIdMaxLength}
          {...form.getInputProps("termId")}
        />
        <TextInput label={t("terms.label")} withAsterisk maxLength={L.labelMaxLength} {...form.getInputProps("label")} />
        <TextInput type="url" label={t("terms.termUri")} maxLength={L.uriMaxLength} {...form.getInputProps("termUri")} />
      </EditorForm>
    </Modal>
  );
}
