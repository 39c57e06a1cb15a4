// /register: email, username and password; the server's answer as a green or red banner (spec 1 §2 "Register").
// With self-registration off (general settings) it only says registration is closed.
import { Alert, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { PasswordField } from "../../components/password-field.tsx";
import { usePublicSettings } from "../settings/public-settings.ts";
import { register } from "./api.ts";
import { BackToLogin } from "./back-to-login.tsx";
import { authRules } from "./form-rules.ts";

export function RegisterPage() {
  const { t } = useTranslation();
  const settings = usePublicSettings().data;
  if (settings && !settings.registrationEnabled) {
    return (
      <Stack>
        <Title order={3}>{t("auth.registerTitle")}</Title>
        <Alert color="yellow">{t("auth.registrationClosed")}</Alert>
        <BackToLogin />
      </Stack>
    );
  }
  return <RegistrationForm />;
}

function RegistrationForm() {
  const { t } = useTranslation();
  const rules = authRules(t);
  const form = useForm({
    initialValues: { email: "", username: "", password: "" },
    validate: { email: rules.email, username: rules.required, password: rules.newPassword },
  });
  const registration = useMutation({ mutationFn: register });

  return (
    <Stack>
      <div>
        <Title order={3}>{t("auth.registerTitle")}</Title>
        <Text c="dimmed" size="sm">
          {t("auth.registerText")}
        </Text>
      </div>
      {registration.error && <Alert color="red">{errorText(registration.error)}</Alert>}
      {registration.data && <Alert color="teal">{registration.data.message}</Alert>}
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          registration.mutate({ email: values.email.trim(), username: values.username.trim(), password: values.password }),
        )}
      >
        <Stack>
          <TextInput type="email" label={t("auth.email")} autoComplete="email" withAsterisk {...form.getInputProps("email")} />
          <TextInput label={t("auth.username")} autoComplete="username" withAsterisk {...form.getInputProps("username")} />
          <PasswordField label={t("auth.password")} autoComplete="new-password" withAsterisk {...form.getInputProps("password")} />
          <Button type="submit" loading={registration.isPending} fullWidth>
            {t("auth.register")}
          </Button>
        </Stack>
      </form>
      <BackToLogin />
    </Stack>
  );
}
