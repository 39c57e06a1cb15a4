// A file as a tile: its thumbnail once the media job made it, else the generic icon of its MIME type.
import { Card, Group, Text } from "@mantine/core";
import type { DatastreamSummary } from "@repox/contracts";
import { IconStarFilled } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../components/format-bytes.ts";
import { ActionMenuButton } from "./action-menu.tsx";
import { useThumbnail } from "./api.ts";
import classes from "./content.module.css";
import type { ContentAction } from "./content-actions.tsx";
import type { ItemElementProps } from "./item-interactions.ts";
import { MimeIcon } from "./mime-icon.tsx";

export function DatastreamThumbnail({ datastream, iconSize = 48 }: { datastream: DatastreamSummary; iconSize?: number }) {
  const { t } = useTranslation();
  const url = useThumbnail(datastream);
  return (
    <div className={classes.thumbnail}>
      {url ? (
        <img src={url} alt={t("containers.thumbnail", { label: datastream.label })} draggable={false} />
      ) : (
        <MimeIcon mimeType={datastream.mimeType} size={iconSize} />
      )}
    </div>
  );
}

type Props = { datastream: DatastreamSummary; itemProps: ItemElementProps; actions: ContentAction[] };

export function DatastreamTile({ datastream, itemProps, actions }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder padding="sm" role="option" aria-label={datastream.label} className={classes.item} {...itemProps}>
      <Card.Section>
        <DatastreamThumbnail datastream={datastream} />
      </Card.Section>
      <Group wrap="nowrap" gap="xs" justify="space-between" mt="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" truncate title={datastream.label}>
            {datastream.label}
          </Text>
          <Text size="xs" c="dimmed">
            {formatBytes(datastream.filesize, i18n.language)}
          </Text>
        </div>
        <Group gap={2} wrap="nowrap">
          {datastream.starred && <IconStarFilled size={16} color="var(--mantine-color-yellow-6)" aria-label={t("containers.starred")} />}
          <ActionMenuButton actions={actions} label={t("containers.itemActions", { label: datastream.label })} />
        </Group>
      </Group>
    </Card>
  );
}
