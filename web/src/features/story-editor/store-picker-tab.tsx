// The asset picker's 'Repox Store Content' tab (spec 3 §2): the repository's folders to browse, from the top level down,
// with the pictures of each folder as thumbnails, or, once something is typed, the store's pictures that match. A click
// on a picture picks it (the image element then names that datastream, `from: 'store'`). The folder lists and the
// thumbnails are the content area's own queries.
import { Anchor, Breadcrumbs, Button, Group, Loader, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { DatastreamSummary } from "@repox/contracts";
import { IconFolder } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { type FolderQuery, useFolderContainers, useFolderDatastreams, useThumbnail } from "../containers/api.ts";
import { MimeIcon } from "../containers/mime-icon.tsx";
import { useStorePictureSearch } from "./api.ts";
import classes from "./picker.module.css";

type StorePicture = Pick<DatastreamSummary, "uuid" | "label" | "mimeType" | "thumbnailStatus">;
type Folder = { uuid: string; label: string };

const BY_LABEL: FolderQuery = { sort: "label", direction: "asc", q: "" };
const isPicture = (datastream: { mimeType: string }) => datastream.mimeType.startsWith("image/");

function PictureCard({ picture, onPick }: { picture: StorePicture; onPick: (uuid: string) => void }) {
  const thumbnail = useThumbnail(picture);
  return (
    <UnstyledButton className={classes.card} onClick={() => onPick(picture.uuid)} aria-label={picture.label} data-datastream={picture.uuid}>
      {thumbnail ? (
        <img className={classes.thumb} src={thumbnail} alt="" draggable={false} />
      ) : (
        <div className={classes.icon}>
          <MimeIcon mimeType={picture.mimeType} size={40} />
        </div>
      )}
      <Text size="xs" truncate mt={4}>
        {picture.label}
      </Text>
    </UnstyledButton>
  );
}

function FolderCard({ folder, onOpen }: { folder: Folder; onOpen: (folder: Folder) => void }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      className={classes.card}
      onClick={() => onOpen(folder)}
      aria-label={t("storyEditor.pictures.openFolder", { label: folder.label })}
    >
      <div className={classes.icon}>
        <IconFolder size={40} />
      </div>
      <Text size="xs" truncate mt={4}>
        {folder.label}
      </Text>
    </UnstyledButton>
  );
}

function FolderContents({
  folder,
  onOpen,
  onPick,
}: {
  folder: Folder | null;
  onOpen: (folder: Folder) => void;
  onPick: (uuid: string) => void;
}) {
  const { t } = useTranslation();
  const parent = folder?.uuid ?? null;
  const containers = useFolderContainers(parent, BY_LABEL);
  const datastreams = useFolderDatastreams(parent, BY_LABEL);
  if (containers.isPending || (parent !== null && datastreams.isPending)) return <Loader size="sm" />;
  if (containers.isError) return <Text c="red">{errorText(containers.error)}</Text>;
  if (datastreams.isError) return <Text c="red">{errorText(datastreams.error)}</Text>;
  const folders = containers.data.pages.flatMap((page) => page.content);
  const pictures = (datastreams.data?.pages ?? []).flatMap((page) => page.content).filter(isPicture);
  const hasMore = containers.hasNextPage || datastreams.hasNextPage;
  return (
    <Stack>
      {folders.length === 0 && pictures.length === 0 && !hasMore ? (
        <Text c="dimmed">{t("storyEditor.pictures.storeEmpty")}</Text>
      ) : (
        <SimpleGrid cols={5} spacing="sm">
          {folders.map((child) => (
            <FolderCard key={child.uuid} folder={child} onOpen={onOpen} />
          ))}
          {pictures.map((picture) => (
            <PictureCard key={picture.uuid} picture={picture} onPick={onPick} />
          ))}
        </SimpleGrid>
      )}
      {hasMore && (
        <Group justify="center">
          <Button
            variant="light"
            loading={containers.isFetchingNextPage || datastreams.isFetchingNextPage}
            onClick={() => {
              if (containers.hasNextPage) containers.fetchNextPage();
              if (datastreams.hasNextPage) datastreams.fetchNextPage();
            }}
          >
            {t("containers.loadMore")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function SearchResults({ q, onPick }: { q: string; onPick: (uuid: string) => void }) {
  const { t } = useTranslation();
  const hits = useStorePictureSearch(q);
  if (hits.isPending) return <Loader size="sm" />;
  if (hits.isError) return <Text c="red">{errorText(hits.error)}</Text>;
  if (hits.data.length === 0) return <Text c="dimmed">{t("storyEditor.pictures.noResults")}</Text>;
  return (
    <SimpleGrid cols={5} spacing="sm">
      {hits.data.map((hit) => (
        <PictureCard key={hit.uuid} picture={hit} onPick={onPick} />
      ))}
    </SimpleGrid>
  );
}

export function StoreTab({ onPick }: { onPick: (uuid: string) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState("");
  const [debounced] = useDebouncedValue(q.trim(), 500);
  const [trail, setTrail] = useState<Folder[]>([]);
  const folder = trail.at(-1) ?? null;
  return (
    <Stack>
      <TextInput
        placeholder={t("storyEditor.pictures.searchStore")}
        aria-label={t("storyEditor.pictures.searchStore")}
        value={q}
        onChange={(event) => setQ(event.currentTarget.value)}
      />
      {debounced ? (
        <SearchResults q={debounced} onPick={onPick} />
      ) : (
        <>
          <Breadcrumbs>
            <Anchor component="button" type="button" size="sm" onClick={() => setTrail([])}>
              {t("containers.title")}
            </Anchor>
            {trail.map((step, index) => (
              <Anchor key={step.uuid} component="button" type="button" size="sm" onClick={() => setTrail(trail.slice(0, index + 1))}>
                {step.label}
              </Anchor>
            ))}
          </Breadcrumbs>
          <FolderContents
            folder={folder}
            onOpen={(child) => setTrail([...trail, { uuid: child.uuid, label: child.label }])}
            onPick={onPick}
          />
        </>
      )}
    </Stack>
  );
}
