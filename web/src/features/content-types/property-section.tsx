// One property group of a type (or 'No group') and its sortable rows.
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { Stack, Text } from "@mantine/core";
import type { PropertyGroup } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { groupName } from "./group-name.ts";
import type { PropertyFlag, RowSection } from "./property-rows.ts";
import { SortablePropertyRow } from "./sortable-property-row.tsx";

type Props = {
  section: RowSection;
  groups: PropertyGroup[];
  canEdit: boolean;
  onFlag: (propertyKey: string, flag: PropertyFlag, value: boolean) => void;
  onMove: (propertyKey: string, groupId: number | null) => void;
  onRemove: (propertyKey: string) => void;
};

export function PropertySection({ section, groups, canEdit, onFlag, onMove, onRemove }: Props) {
  const { t } = useTranslation();
  const name = groupName(t, groups, section.groupId);
  return (
    <Stack component="section" aria-label={name} gap="xs">
      <Text fw={600} size="sm" c="dimmed" tt="uppercase">
        {name}
      </Text>
      <SortableContext
        id={`section:${section.groupId ?? "none"}`}
        items={section.rows.map((row) => row.propertyKey)}
        strategy={verticalListSortingStrategy}
      >
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }}>
          {section.rows.map((row) => (
            <SortablePropertyRow
              key={row.propertyKey}
              row={row}
              groups={groups}
              canEdit={canEdit}
              onFlag={(flag, value) => onFlag(row.propertyKey, flag, value)}
              onMove={(groupId) => onMove(row.propertyKey, groupId)}
              onRemove={() => onRemove(row.propertyKey)}
            />
          ))}
        </Stack>
      </SortableContext>
    </Stack>
  );
}
