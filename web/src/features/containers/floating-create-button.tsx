// The floating plus button of the containers page (spec 1 §2): 'Upload DataStream' (not at the top level) and
// 'Create {entity}'.
import { ActionIcon, Affix, Menu } from "@mantine/core";
import { IconFolderPlus, IconPlus, IconUpload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

type Props = { onCreate: () => void; onUpload: (() => void) | null };

export function FloatingCreateButton({ onCreate, onUpload }: Props) {
  const { t } = useTranslation();
  return (
    <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
      <Menu position="top-end" withinPortal={false}>
        <Menu.Target>
          <ActionIcon
            size={56}
            radius="xl"
            variant="filled"
            aria-label={t("containers.fab.open")}
            style={{ boxShadow: "var(--mantine-shadow-md)" }}
          >
            <IconPlus size={28} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {onUpload && (
            <Menu.Item leftSection={<IconUpload size={16} />} onClick={onUpload}>
              {t("containers.fab.upload")}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconFolderPlus size={16} />} onClick={onCreate}>
            {t("containers.fab.create", { entity: t("containers.fab.entity") })}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Affix>
  );
}
