// Around the public survey pages (spec 3 §2): the logo and the theme and language menus over a readable column; with
// `embedded=true` (the embed code) no chrome at all and a transparent page, so the survey fits the other site's iframe.
import { Box, Container, Group } from "@mantine/core";
import { useEffect } from "react";
import { Outlet, useSearchParams } from "react-router";
import { ColorSchemeToggle } from "./shell/color-scheme-toggle.tsx";
import { LanguageMenu } from "./shell/language-menu.tsx";
import { Logo } from "./shell/logo.tsx";

export function SurveyLayout() {
  const [params] = useSearchParams();
  const isEmbedded = params.get("embedded") === "true";

  useEffect(() => {
    if (!isEmbedded) return;
    // The page behind the survey shows through: the host site decides the background.
    const previous = document.body.style.background;
    document.body.style.background = "transparent";
    document.documentElement.style.background = "transparent";
    return () => {
      document.body.style.background = previous;
      document.documentElement.style.background = "";
    };
  }, [isEmbedded]);

  if (isEmbedded) {
    return (
      <Box p={{ base: "xs", sm: "md" }} data-embedded="true">
        <Outlet />
      </Box>
    );
  }
  return (
    <Box mih="100vh" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Group justify="space-between" px="md" py="sm" wrap="nowrap">
        <Logo />
        <Group gap={4} wrap="nowrap">
          <ColorSchemeToggle />
          <LanguageMenu />
        </Group>
      </Group>
      <Container size="md" px={{ base: "xs", sm: "md" }} pb="xl">
        <Outlet />
      </Container>
    </Box>
  );
}
