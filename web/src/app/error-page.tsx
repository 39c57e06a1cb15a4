// The route error boundary: 'Something went wrong.' with details (spec 1 §8).
import { Button, Code, Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useRouteError } from "react-router";

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === "string" ? error : JSON.stringify(error);
}

export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={2}>{t("errors.boundary")}</Title>
        <Text fw={500}>{t("errors.details")}</Text>
        <Code block>{describe(error)}</Code>
        <Button component={Link} to="/containers" w="fit-content">
          {t("errors.backHome")}
        </Button>
      </Stack>
    </Container>
  );
}
