// The tiles of the Content Model home: one per page of the content model (spec 2 "Content model"), plus property groups.
import { Card, Group, Text, ThemeIcon } from "@mantine/core";
import {
  type Icon,
  IconBook,
  IconBox,
  IconFile,
  IconFolders,
  IconLanguage,
  IconListDetails,
  IconWorld,
  IconWorldShare,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TileGrid } from "../../../components/tile-grid.tsx";

type Tile = {
  path: string;
  name:
    | "containerTypes"
    | "datastreamTypes"
    | "properties"
    | "propertyGroups"
    | "namespaces"
    | "qualifiers"
    | "vocabularies"
    | "dublinCore";
  icon: Icon;
};

const TILES: Tile[] = [
  { path: "container-types", name: "containerTypes", icon: IconBox },
  { path: "datastream-types", name: "datastreamTypes", icon: IconFile },
  { path: "properties", name: "properties", icon: IconListDetails },
  { path: "namespaces", name: "namespaces", icon: IconWorld },
  { path: "qualifiers", name: "qualifiers", icon: IconLanguage },
  { path: "vocabularies", name: "vocabularies", icon: IconBook },
  { path: "property-groups", name: "propertyGroups", icon: IconFolders },
  { path: "dublin-core", name: "dublinCore", icon: IconWorldShare },
];

export function ContentModelTiles() {
  const { t } = useTranslation();
  return (
    <TileGrid>
      {TILES.map(({ path, name, icon: TileIcon }) => (
        <Card key={path} withBorder component={Link} to={`/settings/content-model/${path}`} padding="lg">
          <Group wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size="xl" radius="md">
              <TileIcon size={24} stroke={1.6} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text fw={600}>{t(`contentModel.tiles.${name}.title`)}</Text>
              <Text size="sm" c="dimmed">
                {t(`contentModel.tiles.${name}.description`)}
              </Text>
            </div>
          </Group>
        </Card>
      ))}
    </TileGrid>
  );
}
