// The type details of a property (spec 2 §3): choices for enum and multi-select, container types for reference,
// the vocabulary for vocabulary-flat; other types have none.
import { Alert, MultiSelect, Select, TagsInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../api/errors.ts";
import { codeOption, optionsWithChosen } from "../shared/options.ts";
import { useContainerTypeOptions, useVocabularyOptions } from "./api.ts";
import { CHOICE_TYPES, type PropertyFormValues } from "./property-values.ts";

type Props = { form: UseFormReturnType<PropertyFormValues>; disabled: boolean };

function ContainerTypesInput({ form, disabled }: Props) {
  const { t } = useTranslation();
  const types = useContainerTypeOptions(true);
  if (types.error) return <Alert color="red">{errorText(types.error)}</Alert>;
  const options = (types.data?.content ?? []).map(codeOption);
  return (
    <MultiSelect
      label={t("contentModel.properties.containerTypes")}
      description={t("contentModel.properties.containerTypesHint")}
      data={optionsWithChosen(options, form.values.containerTypes)}
      searchable
      clearable
      disabled={disabled}
      nothingFoundMessage={t("contentModel.nothingFound")}
      {...form.getInputProps("containerTypes")}
    />
  );
}

function VocabularyInput({ form, disabled }: Props) {
  const { t } = useTranslation();
  const vocabularies = useVocabularyOptions(true);
  if (vocabularies.error) return <Alert color="red">{errorText(vocabularies.error)}</Alert>;
  const options = (vocabularies.data?.content ?? []).map((vocabulary) => ({ value: vocabulary.uuid, label: vocabulary.name }));
  const chosen = form.values.vocabularyId ? [form.values.vocabularyId] : [];
  return (
    <Select
      label={t("contentModel.properties.vocabulary")}
      placeholder={t("contentModel.properties.vocabularyPlaceholder")}
      data={optionsWithChosen(options, chosen)}
      searchable
      withAsterisk
      disabled={disabled}
      nothingFoundMessage={t("contentModel.nothingFound")}
      {...form.getInputProps("vocabularyId")}
    />
  );
}

export function PropertyDetailsEditor({ form, disabled }: Props) {
  const { t } = useTranslation();
  const type = form.values.propertyType;
  if (CHOICE_TYPES.has(type)) {
    return (
      <TagsInput
        label={t("contentModel.properties.values")}
        description={t("contentModel.properties.valuesHint")}
        withAsterisk
        acceptValueOnBlur
        clearable
        disabled={disabled}
        {...form.getInputProps("values")}
      />
    );
  }
  if (type === "reference") return <ContainerTypesInput form={form} disabled={disabled} />;
  if (type === "vocabulary-flat") return <VocabularyInput form={form} disabled={disabled} />;
  return null;
}
