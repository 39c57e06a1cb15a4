// Property groups as tiles or as a table (Name, Description); a click opens the editor.
import { Anchor, Table, Text } from "@mantine/core";
import type { PropertyGroup } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import type { ListLayout } from "../../../components/layout-preference.ts";
import { TileGrid } from "../../../components/tile-grid.tsx";
import { ItemCard } from "../shared/item-card.tsx";

type Props = { groups: PropertyGroup[]; layout: ListLayout; onOpen: (group: PropertyGroup) => void };

export function PropertyGroupList({ groups, layout, onOpen }: Props) {
  const { t } = useTranslation();
  if (layout === "grid") {
    return (
      <TileGrid>
        {groups.map((group) => (
          <ItemCard key={group.id} onOpen={() => onOpen(group)}>
            <Text fw={600} truncate>
              {group.name}
            </Text>
            {group.description && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {group.description}
              </Text>
            )}
          </ItemCard>
        ))}
      </TileGrid>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("contentModel.propertyGroups.name")}</Table.Th>
            <Table.Th>{t("contentModel.propertyGroups.description")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Table.Tr key={group.id}>
              <Table.Td>
                <Anchor component="button" type="button" onClick={() => onOpen(group)}>
                  {group.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{group.description}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
