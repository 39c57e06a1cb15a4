// Qualifiers as tiles or as a table (Name, Key, Type, Values); a click opens the editor.
import { Anchor, Badge, Group, Table, Text } from "@mantine/core";
import type { Qualifier } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import type { ListLayout } from "../../../components/layout-preference.ts";
import { TileGrid } from "../../../components/tile-grid.tsx";
import { ItemCard } from "../shared/item-card.tsx";
import { qualifierFormValues } from "./qualifier-values.ts";

type Props = { qualifiers: Qualifier[]; layout: ListLayout; onOpen: (qualifier: Qualifier) => void };

const valuesText = (qualifier: Qualifier) => qualifierFormValues(qualifier).values.join(", ");

export function QualifierList({ qualifiers, layout, onOpen }: Props) {
  const { t } = useTranslation();
  if (layout === "grid") {
    return (
      <TileGrid>
        {qualifiers.map((qualifier) => (
          <ItemCard key={qualifier.qualifierKey} onOpen={() => onOpen(qualifier)}>
            <Group gap="xs" wrap="nowrap">
              <Text fw={600} truncate>
                {qualifier.qualifierName}
              </Text>
              <Badge size="sm" variant="light" ml="auto" tt="none">
                {qualifier.qualifierKey}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" truncate>
              {t(`contentModel.qualifiers.types.${qualifier.qualifierType}`)}
              {valuesText(qualifier) && `: ${valuesText(qualifier)}`}
            </Text>
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
            <Table.Th>{t("contentModel.qualifiers.name")}</Table.Th>
            <Table.Th>{t("contentModel.qualifiers.key")}</Table.Th>
            <Table.Th>{t("contentModel.qualifiers.type")}</Table.Th>
            <Table.Th>{t("contentModel.qualifiers.values")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {qualifiers.map((qualifier) => (
            <Table.Tr key={qualifier.qualifierKey}>
              <Table.Td>
                <Anchor component="button" type="button" onClick={() => onOpen(qualifier)}>
                  {qualifier.qualifierName}
                </Anchor>
              </Table.Td>
              <Table.Td>{qualifier.qualifierKey}</Table.Td>
              <Table.Td>{t(`contentModel.qualifiers.types.${qualifier.qualifierType}`)}</Table.Td>
              <Table.Td>{valuesText(qualifier)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
