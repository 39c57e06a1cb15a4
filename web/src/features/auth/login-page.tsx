// /login: username and password, a welcome banner, errors as a red banner (spec 1 §2 "Login").
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { errorText } from "../../api/errors.ts";
import { PasswordField } from "../../components/password-field.tsx";
import { useProductName, usePublicSettings } from "../settings/public-settings.ts";
import { logIn } from "./api.ts";
import { useAuth } from "./auth-context.tsx";
import { authRules } from "./form-rules.ts";
import { loginDestination } from "./origin.ts";

export function LoginPage() {
  const { t } = useTranslation();
  const { user, signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const rules = authRules(t);
  const settings = usePublicSettings().data;
  const productName = useProductName();
  const form = useForm({
    initialValues: { username: "", password: "" },
    validate: { username: rules.required, password: rules.required },
  });
  const login = useMutation({
    mutationFn: logIn,
    onSuccess: (authUser) => {
      signIn(authUser);
      navigate(loginDestination(location.state), { replace: true });
    },
  });

  if (user && !login.isSuccess) return <Navigate to={loginDestination(location.state)} replace />;

  return (
    <Stack>
      <Paper withBorder p="md" bg="var(--mantine-primary-color-light)">
        <Title order={3}>{t("auth.welcomeTitle", { productName })}</Title>
        <Text c="dimmed" size="sm">
          {t("auth.welcomeText")}
        </Text>
      </Paper>
      {login.error && <Alert color="red">{errorText(login.error)}</Alert>}
      <form noValidate onSubmit={form.onSubmit((values) => login.mutate({ username: values.username.trim(), password: values.password }))}>
        <Stack>
          <TextInput label={t("auth.username")} autoComplete="username" withAsterisk {...form.getInputProps("username")} />
          <PasswordField label={t("auth.password")} autoComplete="current-password" withAsterisk {...form.getInputProps("password")} />
          <Group justify="space-between">
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t("auth.forgotPassword")}
            </Anchor>
            {settings?.registrationEnabled && (
              <Anchor component={Link} to="/register" size="sm">
                {t("auth.createAccount")}
              </Anchor>
            )}
          </Group>
          <Button type="submit" loading={login.isPending} fullWidth>
            {t("auth.logIn")}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
