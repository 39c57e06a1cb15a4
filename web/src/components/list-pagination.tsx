// Page pickers: a labelled Mantine Pagination, and the footer of a server-paged list (UI pages one-based, API pages zero-based).
import { Group, Pagination, type PaginationProps, Text } from "@mantine/core";
import type { Page } from "@repox/contracts";
import { useTranslation } from "react-i18next";

export function LabelledPagination(props: PaginationProps) {
  const { t } = useTranslation();
  const labels = {
    first: t("common.firstPage"),
    previous: t("common.previousPage"),
    next: t("common.nextPage"),
    last: t("common.lastPage"),
  };
  return <Pagination getControlProps={(control) => ({ "aria-label": labels[control] })} {...props} />;
}

type Props<T> = { page: Page<T>; onChange: (zeroBasedPage: number) => void };

export function ListPagination<T>({ page, onChange }: Props<T>) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {t("common.pageSummary", { count: page.totalElements })}
      </Text>
      {page.totalPages > 1 && (
        <LabelledPagination total={page.totalPages} value={page.number + 1} onChange={(value) => onChange(value - 1)} />
      )}
    </Group>
  );
}
