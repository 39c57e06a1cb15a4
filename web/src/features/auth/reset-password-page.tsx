// /reset-password?token=…: the page the mailed link opens; sets a new password.
import { Alert, Button, Stack, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { errorText } from "../../api/errors.ts";
import { PasswordField } from "../../components/password-field.tsx";
import { resetPassword } from "./api.ts";
import { BackToLogin } from "./back-to-login.tsx";
import { authRules } from "./form-rules.ts";

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const form = useForm({
    initialValues: { password: "", confirmation: "" },
    validate: { password: authRules(t).newPassword, confirmation: authRules(t).confirmation },
  });
  const reset = useMutation({ mutationFn: resetPassword });

  return (
    <Stack>
      <Title order={3}>{t("auth.resetTitle")}</Title>
      {!token && <Alert color="red">{t("auth.missingToken")}</Alert>}
      {reset.error && <Alert color="red">{errorText(reset.error)}</Alert>}
      {reset.data && <Alert color="teal">{reset.data.message}</Alert>}
      <form noValidate onSubmit={form.onSubmit((values) => reset.mutate({ token, password: values.password }))}>
        <Stack>
          <PasswordField label={t("auth.newPassword")} autoComplete="new-password" withAsterisk {...form.getInputProps("password")} />
          <PasswordField
            label={t("auth.confirmPassword")}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps("confirmation")}
          />
          <Button type="submit" loading={reset.isPending} disabled={!token || reset.isSuccess} fullWidth>
            {t("auth.changePassword")}
          </Button>
        </Stack>
      </form>
      <BackToLogin />
    </Stack>
  );
}
