// The top bar: sidebar toggles, logo, global search, app switcher, full screen, theme, language, notifications, user.
import { ActionIcon, Box, Burger, Group } from "@mantine/core";
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { GlobalSearch } from "../../features/global-search/global-search.tsx";
import { SearchOverlay } from "../../features/global-search/search-overlay.tsx";
import { AppSwitcher } from "./app-switcher.tsx";
import { ColorSchemeToggle } from "./color-scheme-toggle.tsx";
import { FullscreenToggle } from "./fullscreen-toggle.tsx";
import { LanguageMenu } from "./language-menu.tsx";
import { Logo } from "./logo.tsx";
import { areaOf } from "./menu.ts";
import { NotificationsMenu } from "./notifications-menu.tsx";
import { UserMenu } from "./user-menu.tsx";

type Props = {
  condensed: boolean;
  onToggleCondensed: () => void;
  isMobileMenuOpen: boolean;
  onToggleMobileMenu: () => void;
};

export function TopBar({ condensed, onToggleCondensed, isMobileMenuOpen, onToggleMobileMenu }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Group h="100%" px={{ base: "xs", sm: "md" }} justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={isMobileMenuOpen}
          onClick={onToggleMobileMenu}
          hiddenFrom="sm"
          size="sm"
          aria-label={t("topBar.toggleNavigation")}
        />
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          visibleFrom="sm"
          onClick={onToggleCondensed}
          aria-label={condensed ? t("topBar.expandSidebar") : t("topBar.collapseSidebar")}
        >
          {condensed ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
        </ActionIcon>
        <Link to="/containers" style={{ color: "inherit", textDecoration: "none" }}>
          <Logo caption={t(`app.areas.${areaOf(pathname)}`)} />
        </Link>
        <GlobalSearch />
      </Group>
      <Group gap={4} wrap="nowrap">
        <SearchOverlay />
        <AppSwitcher />
        {/* A phone has no room for it beside the search icon (and little use for it). */}
        <Box visibleFrom="sm">
          <FullscreenToggle />
        </Box>
        <ColorSchemeToggle />
        <LanguageMenu />
        <NotificationsMenu />
        <UserMenu />
      </Group>
    </Group>
  );
}
