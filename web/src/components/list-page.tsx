// A page listing one kind of item: the title with its actions (filters, search, the grid/list toggle and, for
// editors, the create button), then the server-paged items in the chosen layout.
import { Button } from "@mantine/core";
import type { Page } from "@repox/contracts";
import { IconPlus } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { type ListLayout, useLayoutPreference } from "./layout-preference.ts";
import { LayoutToggle } from "./layout-toggle.tsx";
import { PageHeader } from "./page-header.tsx";
import { PagedList } from "./paged-list.tsx";
import { SearchField } from "./search-field.tsx";

type Props<T> = {
  title: string;
  breadcrumbs?: ReactNode;
  /** Inputs before the search box that narrow the list. */
  filters?: ReactNode;
  search?: { label: string; onSearch: (text: string) => void };
  /** Absent for users who may not create. */
  create?: { label: string; onCreate: () => void } | null;
  query: UseQueryResult<Page<T>>;
  emptyTitle: string;
  emptyIcon: ReactNode;
  onPageChange: (zeroBasedPage: number) => void;
  children: (items: T[], layout: ListLayout) => ReactNode;
};

export function ListPage<T>({
  title,
  breadcrumbs,
  filters,
  search,
  create,
  query,
  emptyTitle,
  emptyIcon,
  onPageChange,
  children,
}: Props<T>) {
  const [layout, setLayout] = useLayoutPreference();
  return (
    <>
      {breadcrumbs}
      <PageHeader title={title}>
        {filters}
        {search && <SearchField label={search.label} onSearch={search.onSearch} />}
        <LayoutToggle value={layout} onChange={setLayout} />
        {create && (
          <Button leftSection={<IconPlus size={16} />} onClick={create.onCreate}>
            {create.label}
          </Button>
        )}
      </PageHeader>
      <PagedList query={query} emptyTitle={emptyTitle} emptyIcon={emptyIcon} onPageChange={onPageChange}>
        {(items) => children(items, layout)}
      </PagedList>
    </>
  );
}
