// My profile's 'Change my password': current, new and its confirmation. The other sessions end; this one goes on.
import { Alert, Button, Group, Stack, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { PasswordField } from "../../components/password-field.tsx";
import { showSuccess } from "../../components/toast.ts";
import { authRules } from "../auth/form-rules.ts";
import { useChangePassword } from "./api.ts";

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const rules = authRules(t);
  const form = useForm({
    initialValues: { current: "", password: "", confirmation: "" },
    validate: { current: rules.required, password: rules.newPassword, confirmation: rules.confirmation },
  });
  const submit = form.onSubmit((values) =>
    change.mutate(
      { currentPassword: values.current, newPassword: values.password },
      {
        onSuccess: () => {
          form.reset();
          showSuccess(t("profile.passwordChanged"));
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <Title order={5}>{t("profile.changePassword")}</Title>
        {change.error && <Alert color="red">{errorText(change.error)}</Alert>}
        <PasswordField
          label={t("profile.currentPassword")}
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps("current")}
        />
        <PasswordField label={t("auth.newPassword")} autoComplete="new-password" withAsterisk {...form.getInputProps("password")} />
        <PasswordField label={t("auth.confirmPassword")} autoComplete="new-password" withAsterisk {...form.getInputProps("confirmation")} />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            {t("profile.changePassword")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
