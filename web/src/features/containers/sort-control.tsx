// Sorting for the tile layout (the table sorts by its column headers): the column and the direction.
import { ActionIcon, Group, Select } from "@mantine/core";
import { CONTENT_SORTS } from "@repox/contracts";
import { IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { FolderSort, FolderSortColumn } from "./folder-sort.ts";

const isColumn = (value: string | null): value is FolderSortColumn => CONTENT_SORTS.some((column) => column === value);

export function SortControl({ sort, onChange }: { sort: FolderSort; onChange: (sort: FolderSort) => void }) {
  const { t } = useTranslation();
  const names: Record<FolderSortColumn, string> = {
    label: t("containers.columns.label"),
    createdAt: t("containers.columns.createdAt"),
    starred: t("containers.columns.status"),
  };
  const isAscending = sort.direction === "asc";
  return (
    <Group gap={4} wrap="nowrap">
      <Select
        aria-label={t("containers.sortBy")}
        w={150}
        allowDeselect={false}
        data={CONTENT_SORTS.map((column) => ({ value: column, label: names[column] }))}
        value={sort.sort}
        onChange={(value) => isColumn(value) && onChange({ ...sort, sort: value })}
      />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={isAscending ? t("containers.ascending") : t("containers.descending")}
        onClick={() => onChange({ ...sort, direction: isAscending ? "desc" : "asc" })}
      >
        {isAscending ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
      </ActionIcon>
    </Group>
  );
}
