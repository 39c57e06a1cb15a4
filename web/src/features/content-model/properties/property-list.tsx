// Properties as cards or as a table with Name, Type and Code (spec 2 "Properties screen"). A click (and so a
// double-click) opens the editor; each property also offers its usage list.
import { ActionIcon, Anchor, Badge, Card, Group, Table, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import type { Property } from "@repox/contracts";
import { IconListSearch } from "@tabler/icons-react";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ListLayout } from "../../../components/layout-preference.ts";
import { TileGrid } from "../../../components/tile-grid.tsx";
import { propertyTypeLabel } from "./property-type-label.ts";

type Props = {
  properties: Property[];
  layout: ListLayout;
  onOpen: (property: Property) => void;
  onShowUsage: (property: Property) => void;
};

function UsageButton({ property, onShowUsage }: { property: Property; onShowUsage: (property: Property) => void }) {
  const { t } = useTranslation();
  const label = t("contentModel.properties.showUsage", { name: property.displayName });
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        aria-label={label}
        onClick={(event) => {
          event.stopPropagation();
          onShowUsage(property);
        }}
      >
        <IconListSearch size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The name is a button so the keyboard reaches the editor; the whole card or row answers the mouse. */
function NameButton({ property, onOpen }: { property: Property; onOpen: Props["onOpen"] }) {
  const open = (event: MouseEvent) => {
    event.stopPropagation();
    onOpen(property);
  };
  return (
    <Anchor component="button" type="button" fw={600} onClick={open} truncate>
      {property.displayName}
    </Anchor>
  );
}

export function PropertyList({ properties, layout, onOpen, onShowUsage }: Props) {
  const { t } = useTranslation();
  if (layout === "grid") {
    return (
      <TileGrid>
        {properties.map((property) => (
          <Card key={property.propertyKey} withBorder padding="md" style={{ cursor: "pointer" }} onClick={() => onOpen(property)}>
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <NameButton property={property} onOpen={onOpen} />
              <UsageButton property={property} onShowUsage={onShowUsage} />
            </Group>
            <Group gap="xs" mt={4}>
              <Badge size="sm" variant="light" tt="none">
                {propertyTypeLabel(property.propertyType)}
              </Badge>
              <Text size="sm" c="dimmed" ff="monospace" truncate>
                {property.propertyKey}
              </Text>
            </Group>
          </Card>
        ))}
      </TileGrid>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("contentModel.properties.name")}</Table.Th>
            <Table.Th>{t("contentModel.properties.type")}</Table.Th>
            <Table.Th>{t("contentModel.properties.code")}</Table.Th>
            <Table.Th w={60}>
              <VisuallyHidden>{t("contentModel.properties.actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {properties.map((property) => (
            <Table.Tr key={property.propertyKey} style={{ cursor: "pointer" }} onClick={() => onOpen(property)}>
              <Table.Td>
                <NameButton property={property} onOpen={onOpen} />
              </Table.Td>
              <Table.Td>{propertyTypeLabel(property.propertyType)}</Table.Td>
              <Table.Td ff="monospace">{property.propertyKey}</Table.Td>
              <Table.Td>
                <UsageButton property={property} onShowUsage={onShowUsage} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
