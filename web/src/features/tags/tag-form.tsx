// The tag fields: Name, Description, Color (colour picker) and Scope (spec 2 "Tags").
import { Autocomplete, ColorInput, TextInput } from "@mantine/core";
import { isNotEmpty, useForm } from "@mantine/form";
import { HEX_COLOR_PATTERN, LIMITS, TAG_DEFAULT_SCOPE, type Tag } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { ALL_OPTIONS } from "../../api/list-params.ts";
import { CountedTextarea } from "../../components/counted-textarea.tsx";
import { EditorForm } from "../../components/editor-form.tsx";
import { toastSaved } from "../../components/toast.ts";
import { useDeleteTag, useSaveTag, useTags } from "./api.ts";
import { type TagFormValues, tagFormValues, toTagBody } from "./tag-values.ts";

const SWATCHES = [
  "#000000",
  "#868e96",
  "#fa5252",
  "#e64980",
  "#be4bdb",
  "#4c6ef5",
  "#228be6",
  "#15aabf",
  "#12b886",
  "#40c057",
  "#fab005",
  "#fd7e14",
];

type Props = { tag: Tag | null; canEdit: boolean; onDone: () => void };

export function TagForm({ tag, canEdit, onDone }: Props) {
  const { t } = useTranslation();
  const save = useSaveTag();
  const remove = useDeleteTag();
  const scopes = useKnownScopes();
  const form = useForm<TagFormValues>({
    initialValues: tagFormValues(tag),
    validate: {
      name: isNotEmpty(t("common.required")),
      color: (value) => (HEX_COLOR_PATTERN.test(value.trim()) ? null : t("tags.invalidColor", { value })),
    },
  });

  const submit = form.onSubmit((values) => {
    const body = toTagBody(values);
    save.mutate(tag ? { key: tag.id, body } : { key: null, body }, toastSaved(!tag, onDone));
  });

  return (
    <EditorForm
      onSubmit={submit}
      canEdit={canEdit}
      save={save}
      removal={tag && { label: tag.name, key: tag.id, mutation: remove, onDeleted: onDone }}
    >
      <TextInput label={t("tags.name")} withAsterisk maxLength={LIMITS.nameMaxLength} {...form.getInputProps("name")} />
      <CountedTextarea label={t("tags.description")} maxLength={LIMITS.descriptionMaxLength} {...form.getInputProps("description")} />
      <ColorInput
        label={t("tags.color")}
        format="hex"
        swatches={SWATCHES}
        withEyeDropper={false}
        // Mantine would put the last valid colour back on blur, so '#12' was saved as '#000000' without a word.
        fixOnBlur={false}
        disabled={!canEdit}
        {...form.getInputProps("color")}
      />
      <Autocomplete label={t("tags.scope")} description={t("tags.scopeHint")} data={scopes} {...form.getInputProps("scope")} />
    </EditorForm>
  );
}

/** Scopes to suggest: the default and those the first page of tags uses. */
function useKnownScopes(): string[] {
  const tags = useTags(ALL_OPTIONS);
  return [...new Set([TAG_DEFAULT_SCOPE, ...(tags.data?.content.map((tag) => tag.scope) ?? [])])];
}
