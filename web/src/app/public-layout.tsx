// The plain layout of the public pages: a centred card under the logo.
import { Box, Center, Container, Group, Paper } from "@mantine/core";
import { Outlet } from "react-router";
import { ColorSchemeToggle } from "./shell/color-scheme-toggle.tsx";
import { LanguageMenu } from "./shell/language-menu.tsx";
import { Logo } from "./shell/logo.tsx";

export function PublicLayout() {
  return (
    <Box mih="100vh" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Group justify="flex-end" p="sm" gap={4}>
        <ColorSchemeToggle />
        <LanguageMenu />
      </Group>
      <Container size={440} pb="xl">
        <Center mb="lg">
          <Logo />
        </Center>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Outlet />
        </Paper>
      </Container>
    </Box>
  );
}
