// Tags as tiles: colour, name, scope and description.
import { Badge, Card, Group, Text } from "@mantine/core";
import type { Tag } from "@repox/contracts";
import { Link } from "react-router";
import { TileGrid } from "../../components/tile-grid.tsx";
import { TagSwatch } from "./tag-swatch.tsx";

export function TagCards({ tags }: { tags: Tag[] }) {
  return (
    <TileGrid>
      {tags.map((tag) => (
        <Card key={tag.id} withBorder component={Link} to={`/settings/tags/${tag.id}`} padding="md">
          <Group gap="sm" wrap="nowrap">
            <TagSwatch color={tag.color} size={18} />
            <Text fw={600} truncate>
              {tag.name}
            </Text>
            <Badge size="xs" variant="light" ml="auto">
              {tag.scope}
            </Badge>
          </Group>
          {tag.description && (
            <Text size="sm" c="dimmed" lineClamp={2} mt="xs">
              {tag.description}
            </Text>
          )}
        </Card>
      ))}
    </TileGrid>
  );
}
