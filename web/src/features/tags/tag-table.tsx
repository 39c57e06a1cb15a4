// Tags as a table with Name and Color columns (spec 2 "Tags").
import { Anchor, Badge, Group, Table, Text } from "@mantine/core";
import type { Tag } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TagSwatch } from "./tag-swatch.tsx";

export function TagTable({ tags }: { tags: Tag[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("tags.name")}</Table.Th>
            <Table.Th>{t("tags.color")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tags.map((tag) => (
            <Table.Tr key={tag.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={`/settings/tags/${tag.id}`}>
                    {tag.name}
                  </Anchor>
                  <Badge size="xs" variant="light">
                    {tag.scope}
                  </Badge>
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <TagSwatch color={tag.color} />
                  <Text size="sm" ff="monospace">
                    {tag.color}
                  </Text>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
