// /forgot-password: asks the server to mail a reset link (spec 1 §2 "Forgot password").
import { Alert, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { requestPasswordReset } from "./api.ts";
import { BackToLogin } from "./back-to-login.tsx";
import { authRules } from "./form-rules.ts";

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useForm({ initialValues: { email: "" }, validate: { email: authRules(t).email } });
  const request = useMutation({ mutationFn: requestPasswordReset });

  return (
    <Stack>
      <div>
        <Title order={3}>{t("auth.forgotTitle")}</Title>
        <Text c="dimmed" size="sm">
          {t("auth.forgotText")}
        </Text>
      </div>
      {request.error && <Alert color="red">{errorText(request.error)}</Alert>}
      {request.data && <Alert color="teal">{request.data.message}</Alert>}
      <form noValidate onSubmit={form.onSubmit((values) => request.mutate({ email: values.email.trim() }))}>
        <Stack>
          <TextInput type="email" label={t("auth.email")} autoComplete="email" withAsterisk {...form.getInputProps("email")} />
          <Button type="submit" loading={request.isPending} fullWidth>
            {t("auth.reset")}
          </Button>
        </Stack>
      </form>
      <BackToLogin />
    </Stack>
  );
}
