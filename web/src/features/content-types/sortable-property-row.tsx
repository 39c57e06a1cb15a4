// A property of a type: drag handle, name, key and type, the mandatory/editable/repeatable switches, moving it
// to another group and removing it.
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Badge, Group, Menu, Paper, Stack, Switch, Text } from "@mantine/core";
import type { PropertyGroup } from "@repox/contracts";
import { IconFolderShare, IconGripVertical, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { groupName } from "./group-name.ts";
import { PROPERTY_FLAGS, type PropertyFlag, type PropertyRow } from "./property-rows.ts";

type Props = {
  row: PropertyRow;
  groups: PropertyGroup[];
  canEdit: boolean;
  onFlag: (flag: PropertyFlag, value: boolean) => void;
  onMove: (groupId: number | null) => void;
  onRemove: () => void;
};

export function SortablePropertyRow({ row, groups, canEdit, onFlag, onMove, onRemove }: Props) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: row.propertyKey,
    disabled: !canEdit,
  });
  const name = row.displayName;
  return (
    <li
      ref={setNodeRef}
      aria-label={name}
      style={{ transform: CSS.Translate.toString(transform), transition, position: "relative", zIndex: isDragging ? 1 : undefined }}
    >
      <Paper withBorder p="xs" shadow={isDragging ? "md" : undefined}>
        <Group gap="sm" wrap="nowrap" align="center">
          {canEdit && (
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              aria-label={t("contentTypes.dragProperty", { name })}
              style={{ cursor: isDragging ? "grabbing" : "grab", touchAction: "none" }}
              {...attributes}
              {...listeners}
            >
              <IconGripVertical size={18} />
            </ActionIcon>
          )}
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={500} truncate>
              {name}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed" ff="monospace" truncate>
                {row.propertyKey}
              </Text>
              <Badge size="xs" variant="light" color="gray">
                {row.propertyType}
              </Badge>
            </Group>
          </Stack>
          <Group gap="md" wrap="wrap" justify="flex-end">
            {PROPERTY_FLAGS.map((flag) => (
              <Switch
                key={flag}
                size="xs"
                label={t(`contentTypes.flags.${flag}`)}
                checked={row[flag]}
                onChange={(event) => onFlag(flag, event.currentTarget.checked)}
              />
            ))}
          </Group>
          {canEdit && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={t("contentTypes.moveProperty", { name })}>
                  <IconFolderShare size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{t("contentTypes.moveTo")}</Menu.Label>
                {[...groups.map((group) => group.id), null]
                  .filter((groupId) => groupId !== row.groupId)
                  .map((groupId) => (
                    <Menu.Item key={groupId ?? "none"} onClick={() => onMove(groupId)}>
                      {groupName(t, groups, groupId)}
                    </Menu.Item>
                  ))}
              </Menu.Dropdown>
            </Menu>
          )}
          {canEdit && (
            <ActionIcon variant="subtle" color="red" aria-label={t("contentTypes.removeProperty", { name })} onClick={onRemove}>
              <IconX size={16} />
            </ActionIcon>
          )}
        </Group>
      </Paper>
    </li>
  );
}
