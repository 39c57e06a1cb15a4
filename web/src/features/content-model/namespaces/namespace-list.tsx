// Namespaces as tiles or as a table (Name, Code, Prefix, URL); a click opens the editor.
import { Anchor, Badge, Group, Table, Text } from "@mantine/core";
import type { Namespace } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import type { ListLayout } from "../../../components/layout-preference.ts";
import { TileGrid } from "../../../components/tile-grid.tsx";
import { ItemCard } from "../shared/item-card.tsx";

type Props = { namespaces: Namespace[]; layout: ListLayout; onOpen: (namespace: Namespace) => void };

export function NamespaceList({ namespaces, layout, onOpen }: Props) {
  const { t } = useTranslation();
  if (layout === "grid") {
    return (
      <TileGrid>
        {namespaces.map((namespace) => (
          <ItemCard key={namespace.code} onOpen={() => onOpen(namespace)}>
            <Group gap="xs" wrap="nowrap">
              <Text fw={600} truncate>
                {namespace.name}
              </Text>
              <Badge size="sm" variant="light" ml="auto" tt="none">
                {namespace.code}
              </Badge>
            </Group>
            {namespace.url && (
              <Text size="sm" c="dimmed" truncate>
                {namespace.prefix ? `${namespace.prefix}: ` : ""}
                {namespace.url}
              </Text>
            )}
          </ItemCard>
        ))}
      </TileGrid>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("contentModel.namespaces.name")}</Table.Th>
            <Table.Th>{t("contentModel.namespaces.code")}</Table.Th>
            <Table.Th>{t("contentModel.namespaces.prefix")}</Table.Th>
            <Table.Th>{t("contentModel.namespaces.url")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {namespaces.map((namespace) => (
            <Table.Tr key={namespace.code}>
              <Table.Td>
                <Anchor component="button" type="button" onClick={() => onOpen(namespace)}>
                  {namespace.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{namespace.code}</Table.Td>
              <Table.Td>{namespace.prefix}</Table.Td>
              <Table.Td>{namespace.url}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
