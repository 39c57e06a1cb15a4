// 'My profile': first and last name editable; username and e-mail shown but fixed; 'Change my password' and
// 'App passwords' below.
import { Alert, Button, Divider, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { Profile } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { useFirstFieldFocus } from "../../components/first-field-focus.ts";
import { QueryStatus } from "../../components/query-status.tsx";
import { showSuccess } from "../../components/toast.ts";
import { useProfile, useUpdateProfile } from "./api.ts";
import { AppPasswords } from "./app-passwords.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";

export function ProfileModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <Modal opened={opened} onClose={onClose} title={t("profile.title")} size="lg">
      {profile.data ? (
        <>
          <ProfileForm profile={profile.data} onSaved={onClose} />
          <Divider my="lg" />
          <ChangePasswordForm />
          <Divider my="lg" />
          <AppPasswords />
        </>
      ) : (
        <QueryStatus isLoading={profile.isLoading} error={profile.error} />
      )}
    </Modal>
  );
}

function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useForm({ initialValues: { firstname: profile.firstname, lastname: profile.lastname } });
  const save = form.onSubmit((values) =>
    update.mutate(
      { firstname: values.firstname.trim(), lastname: values.lastname.trim() },
      {
        onSuccess: () => {
          showSuccess(t("toast.updated"));
          onSaved();
        },
      },
    ),
  );

  const focusRef = useFirstFieldFocus();
  return (
    <form noValidate onSubmit={save} ref={focusRef}>
      <Stack>
        {update.error && <Alert color="red">{errorText(update.error)}</Alert>}
        <TextInput label={t("profile.firstname")} autoComplete="given-name" {...form.getInputProps("firstname")} />
        <TextInput label={t("profile.lastname")} autoComplete="family-name" {...form.getInputProps("lastname")} />
        <TextInput label={t("profile.username")} value={profile.username} disabled />
        <TextInput label={t("profile.email")} value={profile.email} disabled />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t("common.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
