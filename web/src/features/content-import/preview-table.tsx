// The containers the file would create, a page at a time: row, label, type, properties in one line, and a badge on
// the rows that have errors or warnings.
import { Badge, Stack, Table, Text } from "@mantine/core";
import type { ImportPreview } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LabelledPagination } from "../../components/list-pagination.tsx";
import { pageOfRows } from "../../components/page-of-rows.ts";
import { cutSummary, type RowStatus, rowStatuses, summariseProperties } from "./preview-rows.ts";

const ROWS_PER_PAGE = 50;

function StatusBadge({ status }: { status: RowStatus | undefined }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <Badge color={status === "error" ? "red" : "yellow"} variant="light">
      {t(status === "error" ? "contentImport.error" : "contentImport.warning")}
    </Badge>
  );
}

export function PreviewTable({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const shown = pageOfRows(preview.containers, page, ROWS_PER_PAGE);
  const statuses = rowStatuses(preview);
  const hasIssues = statuses.size > 0;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t("contentImport.containerCount", { count: preview.containers.length })}
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label={t("contentImport.containers")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>{t("contentImport.row")}</Table.Th>
              <Table.Th>{t("contentImport.label")}</Table.Th>
              <Table.Th>{t("contentImport.type")}</Table.Th>
              <Table.Th>{t("contentImport.properties")}</Table.Th>
              {hasIssues && <Table.Th w={120}>{t("contentImport.status")}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.rows.map((container, index) => {
              const summary = summariseProperties(container.properties);
              return (
                <Table.Tr key={container.row ?? index}>
                  <Table.Td>{container.row}</Table.Td>
                  <Table.Td>{container.label}</Table.Td>
                  <Table.Td ff="monospace">{container.type}</Table.Td>
                  <Table.Td title={summary}>
                    <Text size="sm">{cutSummary(summary)}</Text>
                  </Table.Td>
                  {hasIssues && (
                    <Table.Td>
                      <StatusBadge status={container.row === undefined ? undefined : statuses.get(container.row)} />
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown.total > 1 && <LabelledPagination size="sm" total={shown.total} value={shown.page} onChange={setPage} />}
    </Stack>
  );
}
