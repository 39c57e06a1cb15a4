// The app switcher: Store and Guide always, Surveys and Stories with their permissions.
import { ActionIcon, Menu } from "@mantine/core";
import { IconGridDots } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMyPermissions } from "../../features/auth/permissions.ts";
import { appsFor } from "./menu.ts";
import { MenuIcon } from "./menu-icons.tsx";

export function AppSwitcher() {
  const { t } = useTranslation();
  const { can } = useMyPermissions();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("topBar.apps")}>
          <IconGridDots size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {appsFor(can).map((app) => (
          <Menu.Item key={app.path} component={Link} to={app.path} leftSection={<MenuIcon path={app.path} size={16} />}>
            {t(app.label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
