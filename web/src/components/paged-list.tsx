// The body of a server-paged list: loading and error states, the empty state, the items and the page picker.
import { EmptyState } from "@mantine/core";
import type { Page } from "@repox/contracts";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ListPagination } from "./list-pagination.tsx";
import { QueryStatus } from "./query-status.tsx";

type Props<T> = {
  query: UseQueryResult<Page<T>>;
  emptyTitle: string;
  emptyIcon: ReactNode;
  onPageChange: (zeroBasedPage: number) => void;
  children: (items: T[]) => ReactNode;
};

export function PagedList<T>({ query, emptyTitle, emptyIcon, onPageChange, children }: Props<T>) {
  if (!query.data) return <QueryStatus isLoading={query.isLoading} error={query.error} />;
  if (query.data.empty && query.data.number === 0) {
    return <EmptyState mt="xl" icon={emptyIcon} withIndicatorBackground title={emptyTitle} />;
  }
  return (
    <>
      {children(query.data.content)}
      <ListPagination page={query.data} onChange={onPageChange} />
    </>
  );
}
