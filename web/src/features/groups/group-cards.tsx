// Groups as tiles: name, description and member count.
import { Card, Text } from "@mantine/core";
import type { Group } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TileGrid } from "../../components/tile-grid.tsx";

export function GroupCards({ groups }: { groups: Group[] }) {
  const { t } = useTranslation();
  return (
    <TileGrid>
      {groups.map((group) => (
        <Card key={group.id} withBorder component={Link} to={`/settings/groups/${group.id}`} padding="md">
          <Text fw={600} truncate>
            {group.name}
          </Text>
          {group.description && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {group.description}
            </Text>
          )}
          <Text size="xs" c="dimmed" mt="xs">
            {t("groups.memberCount", { count: group.users.length })}
          </Text>
        </Card>
      ))}
    </TileGrid>
  );
}
