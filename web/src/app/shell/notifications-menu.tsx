// The notifications dropdown; nothing sends notifications yet, so it is honestly empty.
import { ActionIcon, Menu, Text } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

export function NotificationsMenu() {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal width={260}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("topBar.notifications")}>
          <IconBell size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("topBar.notifications")}</Menu.Label>
        <Text size="sm" c="dimmed" px="sm" py="md" ta="center">
          {t("topBar.noNotifications")}
        </Text>
      </Menu.Dropdown>
    </Menu>
  );
}
