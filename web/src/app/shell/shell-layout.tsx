// The signed-in layout: top bar, side menu (default or condensed, remembered), the page.
import { AppShell, ScrollArea } from "@mantine/core";
import { useDisclosure, useLocalStorage } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { SideMenu } from "./side-menu.tsx";
import { TopBar } from "./top-bar.tsx";

export function ShellLayout() {
  const { t } = useTranslation();
  const [condensed, setCondensed] = useLocalStorage({ key: "sidebar-condensed", defaultValue: false });
  const [isMobileMenuOpen, mobileMenu] = useDisclosure(false);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: condensed ? 76 : 260, breakpoint: "sm", collapsed: { mobile: !isMobileMenuOpen } }}
      padding="lg"
    >
      <AppShell.Header>
        <TopBar
          condensed={condensed}
          onToggleCondensed={() => setCondensed(!condensed)}
          isMobileMenuOpen={isMobileMenuOpen}
          onToggleMobileMenu={mobileMenu.toggle}
        />
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t("menu.main")}>
        <AppShell.Section grow component={ScrollArea}>
          <SideMenu condensed={condensed} onNavigate={mobileMenu.close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
