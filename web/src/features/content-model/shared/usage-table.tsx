// A usage list: label, kind and code, client-paged with 5, 10 or 25 rows (10 by default, spec 2 §9).
import { Group, Select, Table, Text } from "@mantine/core";
import { VOCABULARY_LIMITS } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LabelledPagination } from "../../../components/list-pagination.tsx";
import { pageOfRows } from "../../../components/page-of-rows.ts";
import type { UsageRow } from "./usage-rows.ts";

const PAGE_SIZES = VOCABULARY_LIMITS.usagePageSizes.map(String);

export function UsageTable({ rows }: { rows: UsageRow[] }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(VOCABULARY_LIMITS.usageDefaultPageSize);
  const shown = pageOfRows(rows, page, size);
  const hasCodes = rows.some((row) => row.code !== null);
  return (
    <>
      <Table.ScrollContainer minWidth={400}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("contentModel.usage.label")}</Table.Th>
              <Table.Th>{t("contentModel.usage.kind")}</Table.Th>
              {hasCodes && <Table.Th>{t("contentModel.usage.code")}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td>{t(`contentModel.usage.kinds.${row.kind}`)}</Table.Td>
                {hasCodes && <Table.Td ff="monospace">{row.code}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t("common.pageSummary", { count: rows.length })}
          </Text>
          <Select
            aria-label={t("contentModel.usage.pageSize")}
            data={PAGE_SIZES}
            value={String(size)}
            onChange={(value) => value && setSize(Number(value))}
            allowDeselect={false}
            w={80}
            size="xs"
          />
        </Group>
        {shown.total > 1 && <LabelledPagination size="sm" total={shown.total} value={shown.page} onChange={setPage} />}
      </Group>
    </>
  );
}
