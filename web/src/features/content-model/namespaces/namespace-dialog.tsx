// Create or edit a namespace: code (fixed once created, spec 2 §4), name, prefix and URL.
import { Modal, TextInput } from "@mantine/core";
import { isNotEmpty, matches, useForm } from "@mantine/form";
import { IDENTIFIER_PATTERN, CONTENT_MODEL_LIMITS as L, type Namespace } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { EditorForm } from "../../../components/editor-form.tsx";
import { toastSaved } from "../../../components/toast.ts";
import { useDeleteNamespace, useSaveNamespace } from "./api.ts";

type Props = { namespace: Namespace | null; canEdit: boolean; onClose: () => void };

export function NamespaceDialog({ namespace, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveNamespace();
  const remove = useDeleteNamespace();
  const form = useForm({
    initialValues: {
      code: namespace?.code ?? "",
      name: namespace?.name ?? "",
      prefix: namespace?.prefix ?? "",
      url: namespace?.url ?? "",
    },
    validate: {
      code: namespace ? undefined : matches(IDENTIFIER_PATTERN, t("contentModel.identifierRule")),
      name: isNotEmpty(t("common.required")),
    },
  });

  const submit = form.onSubmit((values) => {
    const fields = { name: values.name.trim(), prefix: values.prefix.trim(), url: values.url.trim() };
    const request = namespace
      ? { key: namespace.code, body: { code: namespace.code, ...fields } }
      : { key: null, body: { code: values.code.trim(), ...fields } };
    save.mutate(request, toastSaved(!namespace, onClose));
  });

  return (
    <Modal opened onClose={onClose} title={namespace ? t("contentModel.namespaces.editTitle") : t("contentModel.namespaces.createTitle")}>
      <EditorForm
        onSubmit={submit}
        canEdit={canEdit}
        save={save}
        removal={namespace && { label: namespace.name, key: namespace.code, mutation: remove, onDeleted: onClose }}
      >
        <TextInput
          label={t("contentModel.namespaces.code")}
          withAsterisk
          disabled={namespace !== null}
          maxLength={L.codeMaxLength}
          {...form.getInputProps("code")}
        />
        <TextInput label={t("contentModel.namespaces.name")} withAsterisk maxLength={L.nameMaxLength} {...form.getInputProps("name")} />
        <TextInput label={t("contentModel.namespaces.prefix")} maxLength={L.prefixMaxLength} {...form.getInputProps("prefix")} />
        <TextInput type="url" label={t("contentModel.namespaces.url")} maxLength={L.urlMaxLength} {...form.getInputProps("url")} />
      </EditorForm>
    </Modal>
  );
}
