// The side menu in its default (labels) and condensed (icons with tooltips) forms.
import { Divider, NavLink, Stack, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { IconSettings } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useMyPermissions } from "../../features/auth/permissions.ts";
import { StorageBar } from "../../features/storage/storage-bar.tsx";
import { SideMenuTags } from "../../features/tags/side-menu-tags.tsx";
import { areaOf, type MenuEntry, type MenuSection, menuFor } from "./menu.ts";
import { MenuIcon } from "./menu-icons.tsx";
import classes from "./side-menu.module.css";

function isActive(pathname: string, path: string) {
  return pathname === path || pathname.startsWith(`${path}/`);
}

export function SideMenu({ condensed, onNavigate }: { condensed: boolean; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const { can } = useMyPermissions();
  const sections = menuFor(pathname, can);
  return condensed ? (
    <CondensedMenu sections={sections} pathname={pathname} />
  ) : (
    <FullMenu sections={sections} pathname={pathname} onNavigate={onNavigate} />
  );
}

type MenuProps = { sections: MenuSection[]; pathname: string };

function FullMenu({ sections, pathname, onNavigate }: MenuProps & { onNavigate: () => void }) {
  const { t } = useTranslation();
  const link = (entry: MenuEntry) => (
    <NavLink
      key={entry.path}
      component={Link}
      to={entry.path}
      label={t(entry.label)}
      leftSection={<MenuIcon path={entry.path} />}
      active={isActive(pathname, entry.path)}
      onClick={onNavigate}
    />
  );
  return (
    <Stack gap={2}>
      {sections.map((section) =>
        section.title ? (
          <NavLink
            key={section.title}
            label={t(section.title)}
            leftSection={<IconSettings size={20} stroke={1.6} />}
            defaultOpened
            childrenOffset="md"
          >
            {section.entries.map(link)}
          </NavLink>
        ) : (
          section.entries.map(link)
        ),
      )}
      {areaOf(pathname) === "store" && (
        <>
          <Divider my="xs" />
          <SideMenuTags onNavigate={onNavigate} />
          <Divider my="xs" />
          <StorageBar />
        </>
      )}
    </Stack>
  );
}

function CondensedMenu({ sections, pathname }: MenuProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} align="center">
      {sections.map((section, index) => (
        <Stack key={section.title ?? index} gap={4} align="center">
          {section.title && (
            <>
              <Divider w="100%" />
              <Text size="xs" c="dimmed" aria-hidden="true">
                <IconSettings size={14} />
              </Text>
            </>
          )}
          {section.entries.map((entry) => (
            <Tooltip key={entry.path} label={t(entry.label)} position="right" withArrow>
              <UnstyledButton
                component={Link}
                to={entry.path}
                aria-label={t(entry.label)}
                className={classes.iconLink}
                data-active={isActive(pathname, entry.path) || undefined}
              >
                <MenuIcon path={entry.path} size={22} />
              </UnstyledButton>
            </Tooltip>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
