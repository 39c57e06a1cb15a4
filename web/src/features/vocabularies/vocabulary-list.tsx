// Vocabularies as tiles or as a table (Name, Description, Terms); the name opens the terms, the menu the actions.
import { Anchor, Badge, Card, Group, Table, Text } from "@mantine/core";
import type { Vocabulary } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ListLayout } from "../../components/layout-preference.ts";
import { TileGrid } from "../../components/tile-grid.tsx";
import { termsPath, VocabularyActions, type VocabularyHandlers } from "./vocabulary-actions.tsx";

type Props = VocabularyHandlers & { vocabularies: Vocabulary[]; layout: ListLayout };

export function VocabularyList({ vocabularies, layout, ...handlers }: Props) {
  const { t } = useTranslation();
  if (layout === "grid") {
    return (
      <TileGrid>
        {vocabularies.map((vocabulary) => (
          <Card key={vocabulary.uuid} withBorder padding="md">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Anchor component={Link} to={termsPath(vocabulary)} fw={600} truncate style={{ flex: 1 }}>
                {vocabulary.name}
              </Anchor>
              <VocabularyActions vocabulary={vocabulary} {...handlers} />
            </Group>
            {vocabulary.description && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {vocabulary.description}
              </Text>
            )}
            <Badge size="sm" variant="light" mt="xs" tt="none">
              {t("vocabularies.termCount", { count: vocabulary.termCount })}
            </Badge>
          </Card>
        ))}
      </TileGrid>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("vocabularies.name")}</Table.Th>
            <Table.Th>{t("vocabularies.description")}</Table.Th>
            <Table.Th>{t("vocabularies.terms")}</Table.Th>
            <Table.Th w={60} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {vocabularies.map((vocabulary) => (
            <Table.Tr key={vocabulary.uuid}>
              <Table.Td>
                <Anchor component={Link} to={termsPath(vocabulary)}>
                  {vocabulary.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{vocabulary.description}</Table.Td>
              <Table.Td>{vocabulary.termCount}</Table.Td>
              <Table.Td>
                <VocabularyActions vocabulary={vocabulary} {...handlers} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
