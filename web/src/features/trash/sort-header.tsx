// A trash column header that sorts by its column; a second click turns the direction.
import { Group, Table, UnstyledButton } from "@mantine/core";
import { IconArrowDown, IconArrowsSort, IconArrowUp } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { TrashParams } from "./api.ts";

export type TrashSort = Pick<TrashParams, "sort" | "direction">;

export function nextSort(current: TrashSort, column: TrashSort["sort"]): TrashSort {
  if (current.sort !== column) return { sort: column, direction: "asc" };
  return { sort: column, direction: current.direction === "asc" ? "desc" : "asc" };
}

type Props = { column: TrashSort["sort"]; sort: TrashSort; onSort: (sort: TrashSort) => void; children: ReactNode };

export function SortHeader({ column, sort, onSort, children }: Props) {
  const isSorted = sort.sort === column;
  const Icon = !isSorted ? IconArrowsSort : sort.direction === "asc" ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={isSorted ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}>
      <UnstyledButton onClick={() => onSort(nextSort(sort, column))} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
