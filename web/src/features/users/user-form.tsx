// The user fields: names, username, e-mail, locked, groups, and a password only when creating (spec 2 "Users").
import { MultiSelect, SimpleGrid, Switch, TextInput } from "@mantine/core";
import { hasLength, isEmail, isNotEmpty, useForm } from "@mantine/form";
import { LIMITS, type User } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { ALL_OPTIONS } from "../../api/list-params.ts";
import { EditorForm } from "../../components/editor-form.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { toastSaved } from "../../components/toast.ts";
import { useGroups } from "../groups/api.ts";
import { useDeleteUser, useSaveUser } from "./api.ts";
import { fullName, toUserCreateBody, toUserUpdateBody, type UserFormValues, userFormValues } from "./user-values.ts";

type Props = { user: User | null; canEdit: boolean; onDone: () => void };

export function UserForm({ user, canEdit, onDone }: Props) {
  const { t } = useTranslation();
  const save = useSaveUser();
  const remove = useDeleteUser();
  const groupOptions = useGroupOptions(user);
  const form = useForm<UserFormValues>({
    initialValues: userFormValues(user),
    validate: {
      username: isNotEmpty(t("common.required")),
      email: isEmail(t("common.invalidEmail")),
      password: user
        ? undefined
        : hasLength({ min: LIMITS.passwordMinLength }, t("common.passwordTooShort", { min: LIMITS.passwordMinLength })),
    },
  });

  const submit = form.onSubmit((values) => {
    const request = user ? { key: user.uuid, body: toUserUpdateBody(values) } : { key: null, body: toUserCreateBody(values) };
    save.mutate(request, toastSaved(!user, onDone));
  });

  return (
    <EditorForm
      onSubmit={submit}
      canEdit={canEdit}
      save={save}
      removal={user && { label: fullName(user), key: user.uuid, mutation: remove, onDeleted: onDone }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t("users.firstname")} {...form.getInputProps("firstname")} />
        <TextInput label={t("users.lastname")} {...form.getInputProps("lastname")} />
        <TextInput label={t("users.username")} withAsterisk autoComplete="off" {...form.getInputProps("username")} />
        <TextInput type="email" label={t("users.email")} withAsterisk autoComplete="off" {...form.getInputProps("email")} />
      </SimpleGrid>
      {!user && <PasswordField label={t("users.password")} withAsterisk autoComplete="new-password" {...form.getInputProps("password")} />}
      <MultiSelect
        label={t("users.groups")}
        placeholder={t("users.groupsPlaceholder")}
        data={groupOptions}
        searchable
        clearable
        {...form.getInputProps("groups")}
      />
      <Switch label={t("users.locked")} {...form.getInputProps("locked", { type: "checkbox" })} />
    </EditorForm>
  );
}

/** The first page of groups (the API maximum) plus the user's own groups, so a membership never shows as a bare id. */
function useGroupOptions(user: User | null) {
  const groups = useGroups(ALL_OPTIONS);
  const options = new Map<string, string>();
  for (const group of groups.data?.content ?? []) options.set(String(group.id), group.name);
  for (const group of user?.groups ?? []) options.set(String(group.id), group.name);
  return [...options].map(([value, label]) => ({ value, label }));
}
