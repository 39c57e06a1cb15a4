// Users as cards: name and e-mail, a badge when locked.
import { Badge, Card, Group, Text } from "@mantine/core";
import type { User } from "@repox/contracts";
import { IconUser } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TileGrid } from "../../components/tile-grid.tsx";
import { fullName } from "./user-values.ts";

export function UserCards({ users }: { users: User[] }) {
  const { t } = useTranslation();
  return (
    <TileGrid>
      {users.map((user) => (
        <Card key={user.uuid} withBorder component={Link} to={`/settings/users/${user.uuid}`} padding="md">
          <Group gap="sm" wrap="nowrap">
            <IconUser size={28} stroke={1.5} />
            <div style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={600} truncate>
                  {fullName(user)}
                </Text>
                {user.locked && (
                  <Badge size="xs" color="red" variant="light">
                    {t("users.lockedBadge")}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed" truncate>
                {user.email}
              </Text>
            </div>
          </Group>
        </Card>
      ))}
    </TileGrid>
  );
}
