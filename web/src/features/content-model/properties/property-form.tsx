// The property editor (spec 2 "Properties screen"): code (fixed once created), label, description with a counter,
// type and its details, namespace, qualifiers (language-aware types only), flags, group and position.
import { MultiSelect, NumberInput, Select, SimpleGrid, Switch, TextInput } from "@mantine/core";
import { isNotEmpty, matches, useForm } from "@mantine/form";
import { CODE_PATTERN, CONTENT_MODEL_LIMITS as L, type Property } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { ALL_OPTIONS } from "../../../api/list-params.ts";
import { CountedTextarea } from "../../../components/counted-textarea.tsx";
import { EditorForm } from "../../../components/editor-form.tsx";
import { toastSaved } from "../../../components/toast.ts";
import { useNamespaces } from "../namespaces/api.ts";
import { usePropertyGroups } from "../property-groups/api.ts";
import { useQualifiers } from "../qualifiers/api.ts";
import { codeOption, optionsWithChosen } from "../shared/options.ts";
import { useDeleteProperty, useSaveProperty } from "./api.ts";
import { PropertyDetailsEditor } from "./property-details-editor.tsx";
import { propertyTypeOptions } from "./property-type-label.ts";
import {
  CHOICE_TYPES,
  isLanguageAware,
  type PropertyFormValues,
  propertyFormValues,
  toPropertyCreateBody,
  toPropertyUpdateBody,
} from "./property-values.ts";

type Props = { property: Property | null; canEdit: boolean; onDone: () => void };

function useChoices(values: PropertyFormValues) {
  const namespaces = useNamespaces(ALL_OPTIONS);
  const qualifiers = useQualifiers(ALL_OPTIONS);
  const groups = usePropertyGroups(ALL_OPTIONS);
  return {
    namespaces: optionsWithChosen((namespaces.data?.content ?? []).map(codeOption), values.namespace ? [values.namespace] : []),
    qualifiers: optionsWithChosen(
      (qualifiers.data?.content ?? []).map((qualifier) => ({ value: qualifier.qualifierKey, label: qualifier.qualifierName })),
      values.qualifiers,
    ),
    groups: optionsWithChosen(
      (groups.data?.content ?? []).map((group) => ({ value: String(group.id), label: group.name })),
      values.groupId ? [values.groupId] : [],
    ),
  };
}

export function PropertyForm({ property, canEdit, onDone }: Props) {
  const { t } = useTranslation();
  const save = useSaveProperty();
  const remove = useDeleteProperty();
  const form = useForm<PropertyFormValues>({
    initialValues: propertyFormValues(property),
    validate: {
      propertyKey: property ? undefined : matches(CODE_PATTERN, t("contentModel.properties.keyRule")),
      displayName: isNotEmpty(t("common.required")),
      values: (values, all) =>
        CHOICE_TYPES.has(all.propertyType) && values.length === 0 ? t("contentModel.properties.valuesRequired") : null,
      vocabularyId: (value, all) => (all.propertyType === "vocabulary-flat" && !value ? t("common.required") : null),
    },
  });
  const choices = useChoices(form.values);
  const languageAware = isLanguageAware(form.values.propertyType);

  const submit = form.onSubmit((values) => {
    const request = property
      ? { key: property.propertyKey, body: { propertyKey: property.propertyKey, ...toPropertyUpdateBody(values) } }
      : { key: null, body: toPropertyCreateBody(values) };
    save.mutate(request, toastSaved(!property, onDone));
  });

  const typeOptions = propertyTypeOptions();

  return (
    <EditorForm
      onSubmit={submit}
      canEdit={canEdit}
      save={save}
      removal={property && { label: property.displayName, key: property.propertyKey, mutation: remove, onDeleted: onDone }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("contentModel.properties.code")}
          withAsterisk
          disabled={property !== null}
          maxLength={L.codeMaxLength}
          autoComplete="off"
          {...form.getInputProps("propertyKey")}
        />
        <TextInput
          label={t("contentModel.properties.label")}
          withAsterisk
          maxLength={L.nameMaxLength}
          {...form.getInputProps("displayName")}
        />
      </SimpleGrid>
      <CountedTextarea
        label={t("contentModel.properties.description")}
        maxLength={L.descriptionMaxLength}
        {...form.getInputProps("description")}
      />
      <Select
        label={t("contentModel.properties.type")}
        data={typeOptions}
        allowDeselect={false}
        disabled={!canEdit}
        {...form.getInputProps("propertyType")}
        onChange={(value) => {
          if (!value) return;
          const type = value as PropertyFormValues["propertyType"];
          form.setFieldValue("propertyType", type);
          if (!isLanguageAware(type)) form.setFieldValue("qualifiers", []);
        }}
      />
      <PropertyDetailsEditor form={form} disabled={!canEdit} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t("contentModel.properties.namespace")}
          placeholder={t("contentModel.properties.none")}
          data={choices.namespaces}
          clearable
          searchable
          disabled={!canEdit}
          nothingFoundMessage={t("contentModel.nothingFound")}
          {...form.getInputProps("namespace")}
        />
        <MultiSelect
          label={t("contentModel.properties.qualifiers")}
          description={languageAware ? undefined : t("contentModel.properties.qualifiersDisabled")}
          data={choices.qualifiers}
          clearable
          searchable
          disabled={!canEdit || !languageAware}
          nothingFoundMessage={t("contentModel.nothingFound")}
          {...form.getInputProps("qualifiers")}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Switch label={t("contentModel.properties.mandatory")} {...form.getInputProps("mandatory", { type: "checkbox" })} />
        <Switch label={t("contentModel.properties.editable")} {...form.getInputProps("editable", { type: "checkbox" })} />
        <Switch label={t("contentModel.properties.repeatable")} {...form.getInputProps("repeatable", { type: "checkbox" })} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t("contentModel.properties.group")}
          placeholder={t("contentModel.properties.none")}
          data={choices.groups}
          clearable
          searchable
          disabled={!canEdit}
          nothingFoundMessage={t("contentModel.nothingFound")}
          {...form.getInputProps("groupId")}
        />
        <NumberInput
          label={t("contentModel.properties.position")}
          min={0}
          max={L.positionMax}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps("position")}
        />
      </SimpleGrid>
    </EditorForm>
  );
}
