// The fields of a container or datastream type and its properties; Save writes them all (spec 2 §2-§5).
import { SimpleGrid, Switch, TextInput } from "@mantine/core";
import { isNotEmpty, useForm } from "@mantine/form";
import { CODE_PATTERN, CONTENT_MODEL_LIMITS } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { ALL_OPTIONS } from "../../api/list-params.ts";
import { EditorForm } from "../../components/editor-form.tsx";
import { toastOutcome } from "../../components/toast.ts";
import { usePropertyGroups } from "../content-model/property-groups/api.ts";
import { AcceptanceFields } from "./acceptance-fields.tsx";
import { type TypeDetail, useDeleteType, useSaveType } from "./api.ts";
import { LayoutField } from "./layout-field.tsx";
import type { TypeKind } from "./type-kinds.ts";
import { TypeProperties } from "./type-properties.tsx";
import { type TypeFormValues, toTypeBody, typeFormValues } from "./type-values.ts";

type Props = {
  kind: TypeKind;
  type: TypeDetail | null;
  canEdit: boolean;
  onCreated: (type: TypeDetail) => void;
  onDeleted: () => void;
  onDraggingChange: (isDragging: boolean) => void;
};

export function TypeEditor({ kind, type, canEdit, onCreated, onDeleted, onDraggingChange }: Props) {
  const { t } = useTranslation();
  const save = useSaveType(kind);
  const remove = useDeleteType(kind);
  const groups = usePropertyGroups(ALL_OPTIONS).data?.content ?? [];
  const form = useForm<TypeFormValues>({
    initialValues: typeFormValues(type),
    validate: {
      code: (value) => {
        if (!value.trim()) return t("common.required");
        return CODE_PATTERN.test(value.trim()) ? null : t("contentTypes.invalidCode");
      },
      name: isNotEmpty(t("common.required")),
    },
  });

  const submit = form.onSubmit((values) => {
    const body = toTypeBody(kind, type?.id ?? null, values, groups);
    const request = type ? { key: type.code, body } : { key: null, body };
    save.mutate(
      request,
      toastOutcome(type ? t("toast.updated") : t("toast.created"), (saved) => {
        if (!type) onCreated(saved);
      }),
    );
  });

  const codeInput = form.getInputProps("code");
  return (
    <EditorForm
      onSubmit={submit}
      canEdit={canEdit}
      // Save failures are toasted, so the form shows no alert.
      save={{ isPending: save.isPending }}
      gap="lg"
      removal={type && { label: type.name, key: type.code, mutation: remove, onDeleted }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("contentTypes.code")}
          description={t("contentTypes.codeHint")}
          withAsterisk={type === null}
          readOnly={type !== null}
          variant={type === null ? "default" : "filled"}
          maxLength={CONTENT_MODEL_LIMITS.codeMaxLength}
          {...codeInput}
          onChange={(event) => form.setFieldValue("code", event.currentTarget.value.toLowerCase())}
        />
        <TextInput
          label={t("contentTypes.name")}
          withAsterisk
          maxLength={CONTENT_MODEL_LIMITS.nameMaxLength}
          {...form.getInputProps("name")}
        />
      </SimpleGrid>
      <LayoutField kind={kind} value={form.values.layout} onChange={(layout) => form.setFieldValue("layout", layout)} />
      <AcceptanceFields kind={kind} form={form} />
      {kind === "container" && (
        <Switch
          label={t("contentTypes.allowedAtRoot")}
          description={t("contentTypes.allowedAtRootHint")}
          {...form.getInputProps("allowedAtRoot", { type: "checkbox" })}
        />
      )}
      <TypeProperties
        rows={form.values.properties}
        groups={groups}
        canEdit={canEdit}
        onChange={(rows) => form.setFieldValue("properties", rows)}
        onDraggingChange={onDraggingChange}
      />
    </EditorForm>
  );
}
