// The signed-in user's menu: 'My profile' and 'Logout'.
import { Avatar, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconLogout, IconUserCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAuth } from "../../features/auth/auth-context.tsx";
import { useProfile } from "../../features/profile/api.ts";
import { ProfileModal } from "../../features/profile/profile-modal.tsx";

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const profile = useProfile();
  const [isProfileOpen, profileModal] = useDisclosure(false);
  const person = profile.data ?? user;
  const name = person ? `${person.firstname} ${person.lastname}`.trim() || person.username : "";

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t("topBar.userMenu")}>
            <Group gap="xs" wrap="nowrap">
              <Avatar name={name} color="initials" size="sm" />
              <Text size="sm" fw={500} visibleFrom="md">
                {name}
              </Text>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconUserCircle size={16} />} onClick={profileModal.open}>
            {t("topBar.myProfile")}
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => navigate("/logout")}>
            {t("topBar.logout")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ProfileModal opened={isProfileOpen} onClose={profileModal.close} />
    </>
  );
}
