// The user editor's 'Set a new password' for administrators: new and its confirmation; the user's sessions all end.
import { Alert, Button, Group, Stack, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { PasswordField } from "../../components/password-field.tsx";
import { showSuccess } from "../../components/toast.ts";
import { authRules } from "../auth/form-rules.ts";
import { useSetUserPassword } from "./api.ts";

export function SetPasswordForm({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const setPassword = useSetUserPassword(uuid);
  const rules = authRules(t);
  const form = useForm({
    initialValues: { password: "", confirmation: "" },
    validate: { password: rules.newPassword, confirmation: rules.confirmation },
  });
  const submit = form.onSubmit((values) =>
    setPassword.mutate(
      { password: values.password },
      {
        onSuccess: () => {
          form.reset();
          showSuccess(t("users.passwordSet"));
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <Title order={5}>{t("users.setPassword")}</Title>
        {setPassword.error && <Alert color="red">{errorText(setPassword.error)}</Alert>}
        <PasswordField label={t("auth.newPassword")} autoComplete="new-password" withAsterisk {...form.getInputProps("password")} />
        <PasswordField label={t("auth.confirmPassword")} autoComplete="new-password" withAsterisk {...form.getInputProps("confirmation")} />
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={setPassword.isPending}>
            {t("users.setPassword")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
