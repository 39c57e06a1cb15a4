// The picture pickers (spec 3 §2): for an image element 'Repox Store Content', 'Media Content' and 'Upload an image';
// for the cover and slide backgrounds 'Media Content' and 'Upload an image'. After an upload the picker shows the
// last page of assets, where the new one is (spec 3 §4).
import { Loader, Modal, Pagination, SimpleGrid, Stack, Tabs, Text, TextInput, UnstyledButton } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import "@mantine/dropzone/styles.css";
import { useDebouncedValue } from "@mantine/hooks";
import { ASSET_IMAGE_KINDS, type Asset, hasAssetImageExtension, type ImageSource, type Page } from "@repox/contracts";
import { IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client.ts";
import { errorText } from "../../api/errors.ts";
import { showError } from "../../components/toast.ts";
import { useAssetPage, useUploadAsset } from "./api.ts";
import classes from "./picker.module.css";
import { StoreTab } from "./store-picker-tab.tsx";

export type PickedPicture = { uuid: string; from: ImageSource };
type Tab = "store" | "media" | "upload";
const IMAGE_TYPES = [...new Set(Object.values(ASSET_IMAGE_KINDS))];

function MediaTab({
  page,
  setPage,
  highlighted,
  onPick,
}: {
  page: number;
  setPage: (page: number) => void;
  highlighted: string | null;
  onPick: (asset: Asset) => void;
}) {
  const { t } = useTranslation();
  const [label, setLabel] = useState("");
  const [debounced] = useDebouncedValue(label.trim(), 400);
  const assets = useAssetPage(page, debounced);
  return (
    <Stack>
      <TextInput
        placeholder={t("storyEditor.pictures.searchMedia")}
        aria-label={t("storyEditor.pictures.searchMedia")}
        value={label}
        onChange={(event) => {
          setLabel(event.currentTarget.value);
          setPage(0);
        }}
      />
      {assets.isPending ? (
        <Loader size="sm" />
      ) : assets.isError ? (
        <Text c="red">{errorText(assets.error)}</Text>
      ) : assets.data.content.length === 0 ? (
        <Text c="dimmed">{t("storyEditor.pictures.noMedia")}</Text>
      ) : (
        <>
          <SimpleGrid cols={4} spacing="sm">
            {assets.data.content.map((asset) => (
              <UnstyledButton
                key={asset.uuid}
                className={classes.card}
                data-chosen={highlighted === asset.uuid || undefined}
                onClick={() => onPick(asset)}
                data-asset={asset.uuid}
              >
                <img className={classes.thumb} src={asset.thumbnail.url ?? asset.downloadUrl} alt="" />
                <Text size="xs" truncate mt={4}>
                  {asset.label}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
          {assets.data.totalPages > 1 && (
            <Pagination total={assets.data.totalPages} value={page + 1} onChange={(value) => setPage(value - 1)} />
          )}
        </>
      )}
    </Stack>
  );
}

function UploadTab({ onUploaded }: { onUploaded: (asset: Asset) => void }) {
  const { t } = useTranslation();
  const upload = useUploadAsset();
  const [progress, setProgress] = useState<number | null>(null);
  const send = (file: File) => {
    if (!hasAssetImageExtension(file.name)) return showError(t("storyEditor.pictures.wrongKind"));
    setProgress(0);
    upload.mutate(
      { file, onProgress: (sent, total) => setProgress(total ? sent / total : null) },
      { onSuccess: onUploaded, onError: (error) => showError(errorText(error)), onSettled: () => setProgress(null) },
    );
  };
  return (
    <Dropzone
      onDrop={(files) => files[0] && send(files[0])}
      onReject={() => showError(t("storyEditor.pictures.wrongKind"))}
      accept={IMAGE_TYPES}
      maxFiles={1}
      multiple={false}
      loading={upload.isPending}
    >
      <Stack align="center" gap="xs" py="xl" style={{ pointerEvents: "none" }}>
        <IconUpload size={36} />
        <Text>{t("storyEditor.pictures.drop")}</Text>
        <Text size="sm" c="dimmed">
          {t("storyEditor.pictures.accepted")}
        </Text>
        {progress !== null && <Text size="sm">{Math.round(progress * 100)}%</Text>}
      </Stack>
    </Dropzone>
  );
}

export function AssetPickerModal({
  opened,
  onClose,
  onPick,
  withStore,
  title,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (picture: PickedPicture) => void;
  withStore: boolean;
  title: string;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>(withStore ? "store" : "media");
  const [page, setPage] = useState(0);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const pick = (picture: PickedPicture) => {
    onPick(picture);
    onClose();
  };
  const showUploaded = async (asset: Asset) => {
    const first = await api.get<Page<Asset>>("/assets", { query: { page: 0 } });
    setPage(Math.max(0, first.totalPages - 1));
    setHighlighted(asset.uuid);
    setTab("media");
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl">
      <Tabs value={tab} onChange={(value) => setTab((value as Tab) ?? "media")}>
        <Tabs.List mb="md">
          {withStore && <Tabs.Tab value="store">{t("storyEditor.pictures.store")}</Tabs.Tab>}
          <Tabs.Tab value="media">{t("storyEditor.pictures.media")}</Tabs.Tab>
          <Tabs.Tab value="upload">{t("storyEditor.pictures.upload")}</Tabs.Tab>
        </Tabs.List>
        {withStore && (
          <Tabs.Panel value="store">
            <StoreTab onPick={(uuid) => pick({ uuid, from: "store" })} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="media">
          {tab === "media" && (
            <MediaTab
              page={page}
              setPage={setPage}
              highlighted={highlighted}
              onPick={(asset) => pick({ uuid: asset.uuid, from: "stories" })}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="upload">
          <UploadTab onUploaded={showUploaded} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
