// Create or edit a qualifier: key (fixed once created, spec 2 §4), name, type, values (languages for enum
// qualifiers), description and external source.
import { Modal, Select, TextInput } from "@mantine/core";
import { isNotEmpty, matches, useForm } from "@mantine/form";
import { IDENTIFIER_PATTERN, CONTENT_MODEL_LIMITS as L, type Qualifier, QualifierType } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { CountedTextarea } from "../../../components/counted-textarea.tsx";
import { EditorForm } from "../../../components/editor-form.tsx";
import { toastSaved } from "../../../components/toast.ts";
import { useDeleteQualifier, useSaveQualifier } from "./api.ts";
import { LanguageSelect } from "./language-select.tsx";
import { type QualifierFormValues, qualifierFormValues, toQualifierFields } from "./qualifier-values.ts";

type Props = { qualifier: Qualifier | null; canEdit: boolean; onClose: () => void };

export function QualifierDialog({ qualifier, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveQualifier();
  const remove = useDeleteQualifier();
  const form = useForm<QualifierFormValues>({
    initialValues: qualifierFormValues(qualifier),
    validate: {
      qualifierKey: qualifier ? undefined : matches(IDENTIFIER_PATTERN, t("contentModel.identifierRule")),
      qualifierName: isNotEmpty(t("common.required")),
      values: (values, all) => (all.qualifierType === "enum" && values.length === 0 ? t("contentModel.qualifiers.valuesRequired") : null),
    },
  });

  const submit = form.onSubmit((values) => {
    const fields = toQualifierFields(values);
    const request = qualifier
      ? { key: qualifier.qualifierKey, body: { qualifierKey: qualifier.qualifierKey, ...fields } }
      : { key: null, body: { qualifierKey: values.qualifierKey.trim(), ...fields } };
    save.mutate(request, toastSaved(!qualifier, onClose));
  });

  const typeOptions = QualifierType.options.map((type) => ({ value: type, label: t(`contentModel.qualifiers.types.${type}`) }));

  return (
    <Modal
      opened
      onClose={onClose}
      title={qualifier ? t("contentModel.qualifiers.editTitle") : t("contentModel.qualifiers.createTitle")}
      size="lg"
    >
      <EditorForm
        onSubmit={submit}
        canEdit={canEdit}
        save={save}
        removal={qualifier && { label: qualifier.qualifierName, key: qualifier.qualifierKey, mutation: remove, onDeleted: onClose }}
      >
        <TextInput
          label={t("contentModel.qualifiers.key")}
          withAsterisk
          disabled={qualifier !== null}
          maxLength={L.codeMaxLength}
          {...form.getInputProps("qualifierKey")}
        />
        <TextInput
          label={t("contentModel.qualifiers.name")}
          withAsterisk
          maxLength={L.nameMaxLength}
          {...form.getInputProps("qualifierName")}
        />
        <Select
          label={t("contentModel.qualifiers.type")}
          data={typeOptions}
          allowDeselect={false}
          disabled={!canEdit}
          {...form.getInputProps("qualifierType")}
        />
        {form.values.qualifierType === "enum" && (
          <LanguageSelect
            value={form.values.values}
            onChange={(values) => form.setFieldValue("values", values)}
            error={form.errors.values}
            disabled={!canEdit}
          />
        )}
        <CountedTextarea
          label={t("contentModel.qualifiers.description")}
          maxLength={L.descriptionMaxLength}
          {...form.getInputProps("description")}
        />
        <TextInput
          label={t("contentModel.qualifiers.externalSource")}
          maxLength={L.urlMaxLength}
          {...form.getInputProps("externalSource")}
        />
      </EditorForm>
    </Modal>
  );
}
