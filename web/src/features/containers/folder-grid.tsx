// A folder as tiles: its folders, then its files, each a multi-select list box of tiles.
import { Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ContainerTile } from "./container-tile.tsx";
import { containerItem, datastreamItem } from "./content-items.ts";
import { DatastreamTile } from "./datastream-tile.tsx";
import type { FolderSection, FolderViewProps } from "./folder-listing.ts";
import { LoadMoreButton } from "./load-more-button.tsx";

/** Columns by the width the folder has (a container query: the sidebar and the record layout narrow it). */
const COLUMNS = { base: 1, "440px": 2, "680px": 3, "920px": 4, "1160px": 5 };

function SectionTitle<T>({ title, section }: { title: string; section: FolderSection<T> }) {
  return (
    <Group gap="xs">
      <Title order={4} size="h5">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        ({section.total})
      </Text>
    </Group>
  );
}

export function FolderGrid({ listing, interactions, actionsFor }: FolderViewProps) {
  const { t } = useTranslation();
  const { folders, files } = listing;
  return (
    <Stack gap="lg">
      {folders.items.length > 0 && (
        <Stack gap="xs">
          <SectionTitle title={t("containers.folders")} section={folders} />
          <SimpleGrid
            type="container"
            cols={COLUMNS}
            role="listbox"
            aria-multiselectable
            aria-label={t("containers.folders")}
            data-item-grid
          >
            {folders.items.map((container) => {
              const entry = containerItem(container);
              return (
                <ContainerTile
                  key={container.uuid}
                  container={container}
                  itemProps={interactions.propsFor(entry)}
                  actions={actionsFor(entry)}
                />
              );
            })}
          </SimpleGrid>
          <LoadMoreButton section={folders} label={t("containers.folders")} />
        </Stack>
      )}
      {files && files.items.length > 0 && (
        <Stack gap="xs">
          <SectionTitle title={t("containers.files")} section={files} />
          <SimpleGrid type="container" cols={COLUMNS} role="listbox" aria-multiselectable aria-label={t("containers.files")} data-item-grid>
            {files.items.map((datastream) => {
              const entry = datastreamItem(datastream);
              return (
                <DatastreamTile
                  key={datastream.uuid}
                  datastream={datastream}
                  itemProps={interactions.propsFor(entry)}
                  actions={actionsFor(entry)}
                />
              );
            })}
          </SimpleGrid>
          <LoadMoreButton section={files} label={t("containers.files")} />
        </Stack>
      )}
    </Stack>
  );
}
