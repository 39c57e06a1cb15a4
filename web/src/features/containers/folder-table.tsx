// A folder as a table: sortable Label, Created At and Status (starred) columns; folder rows read
// the folder and file counts, file rows their size.
import { Button, Group, Table, Text, UnstyledButton } from "@mantine/core";
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconFolderFilled, IconStar, IconStarFilled } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../components/format-bytes.ts";
import { ActionMenuButton } from "./action-menu.tsx";
import classes from "./content.module.css";
import type { ContentAction } from "./content-actions.tsx";
import { formatContentDate } from "./content-dates.ts";
import { type ContentItem, containerItem, datastreamItem } from "./content-items.ts";
import { countsText } from "./counts.ts";
import type { FolderSection, FolderViewProps } from "./folder-listing.ts";
import type { FolderSort, FolderSortColumn } from "./folder-sort.ts";
import type { ItemElementProps } from "./item-interactions.ts";
import { MimeIcon } from "./mime-icon.tsx";

const COLUMN_COUNT = 6;

type HeaderProps = { column: FolderSortColumn; sort: FolderSort; onSort: (column: FolderSortColumn) => void; children: ReactNode };

function SortableHeader({ column, sort, onSort, children }: HeaderProps) {
  const isSorted = sort.sort === column;
  const Icon = !isSorted ? IconArrowsSort : sort.direction === "asc" ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={isSorted ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}>
      <UnstyledButton onClick={() => onSort(column)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

type RowProps = {
  entry: ContentItem;
  icon: ReactNode;
  contents: string;
  itemProps: ItemElementProps;
  actions: ContentAction[];
};

function ItemRow({ entry, icon, contents, itemProps, actions }: RowProps) {
  const { t } = useTranslation();
  const { item } = entry;
  return (
    <Table.Tr className={classes.row} aria-label={item.label} {...itemProps}>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          {icon}
          <Text size="sm" fw={500} truncate maw={360} title={item.label}>
            {item.label}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>{item.type.name}</Table.Td>
      <Table.Td>{contents}</Table.Td>
      <Table.Td>{formatContentDate(item.createdAt)}</Table.Td>
      <Table.Td>
        {item.starred ? (
          <IconStarFilled size={16} color="var(--mantine-color-yellow-6)" aria-label={t("containers.starred")} />
        ) : (
          <IconStar size={16} color="var(--mantine-color-gray-5)" aria-hidden />
        )}
      </Table.Td>
      <Table.Td w={48}>
        <ActionMenuButton actions={actions} label={t("containers.itemActions", { label: item.label })} />
      </Table.Td>
    </Table.Tr>
  );
}

function LoadMoreRow<T>({ section, label }: { section: FolderSection<T>; label: string }) {
  const { t } = useTranslation();
  if (!section.hasMore) return null;
  return (
    <Table.Tr>
      <Table.Td colSpan={COLUMN_COUNT}>
        <Group justify="center" gap="sm">
          <Button
            size="xs"
            variant="light"
            onClick={section.loadMore}
            loading={section.isLoadingMore}
            aria-label={`${t("containers.loadMore")}: ${label}`}
          >
            {t("containers.loadMore")}
          </Button>
          <Text size="xs" c="dimmed">
            {t("containers.shownOf", { shown: section.items.length, total: section.total })}
          </Text>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function FolderTable({ listing, interactions, actionsFor, sort, onSort }: FolderViewProps) {
  const { t, i18n } = useTranslation();
  const { folders, files } = listing;
  const header = { sort, onSort };
  return (
    // Columns keep to one line, the table scrolling sideways when the details panel leaves it too little width.
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover role="grid" aria-multiselectable aria-label={t("common.listView")} style={{ whiteSpace: "nowrap" }}>
        <Table.Thead>
          <Table.Tr>
            <SortableHeader column="label" {...header}>
              {t("containers.columns.label")}
            </SortableHeader>
            <Table.Th>{t("containers.columns.type")}</Table.Th>
            <Table.Th>{t("containers.columns.contents")}</Table.Th>
            <SortableHeader column="createdAt" {...header}>
              {t("containers.columns.createdAt")}
            </SortableHeader>
            <SortableHeader column="starred" {...header}>
              {t("containers.columns.status")}
            </SortableHeader>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {folders.items.map((container) => {
            const entry = containerItem(container);
            return (
              <ItemRow
                key={container.uuid}
                entry={entry}
                icon={<IconFolderFilled size={20} color={container.color ?? "var(--mantine-color-yellow-5)"} aria-hidden />}
                contents={countsText(t, container.childCount, container.datastreamCount)}
                itemProps={interactions.propsFor(entry)}
                actions={actionsFor(entry)}
              />
            );
          })}
          <LoadMoreRow section={folders} label={t("containers.folders")} />
          {files?.items.map((datastream) => {
            const entry = datastreamItem(datastream);
            return (
              <ItemRow
                key={datastream.uuid}
                entry={entry}
                icon={<MimeIcon mimeType={datastream.mimeType} size={20} />}
                contents={formatBytes(datastream.filesize, i18n.language)}
                itemProps={interactions.propsFor(entry)}
                actions={actionsFor(entry)}
              />
            );
          })}
          {files && <LoadMoreRow section={files} label={t("containers.files")} />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
