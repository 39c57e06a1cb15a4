// Types as tiles: name, code, layout and, for container types, whether they are offered at the root.
import { Badge, Card, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TileGrid } from "../../components/tile-grid.tsx";
import type { TypeSummary } from "./api.ts";
import { type TypeKind, typeRoute } from "./type-kinds.ts";

export function TypeCards({ kind, types }: { kind: TypeKind; types: TypeSummary[] }) {
  const { t } = useTranslation();
  return (
    <TileGrid>
      {types.map((type) => (
        <Card key={type.code} withBorder component={Link} to={typeRoute(kind, type.code)} padding="md">
          <Text fw={600} truncate>
            {type.name}
          </Text>
          <Text size="sm" c="dimmed" ff="monospace" truncate>
            {type.code}
          </Text>
          <Group gap="xs" mt="xs">
            <Badge size="sm" variant="light">
              {t(`contentTypes.layouts.${type.layout}`)}
            </Badge>
            {"allowedAtRoot" in type && type.allowedAtRoot && (
              <Badge size="sm" variant="light" color="teal">
                {t("contentTypes.allowedAtRoot")}
              </Badge>
            )}
          </Group>
        </Card>
      ))}
    </TileGrid>
  );
}
