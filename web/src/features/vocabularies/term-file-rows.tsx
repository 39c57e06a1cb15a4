// Stage two of a term import: the parsed rows, client-paged. A valid row has a checkbox; an invalid row's checkbox is
// disabled and its status shows why in a tooltip.
import { Badge, Checkbox, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import type { TermFileRow } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LabelledPagination } from "../../components/list-pagination.tsx";
import { pageOfRows } from "../../components/page-of-rows.ts";
import { type Selection, toggleAllValid, toggleRow } from "./term-selection.ts";

const ROWS_PER_PAGE = 50;

type Props = { rows: TermFileRow[]; selection: Selection; onChange: (selection: Selection) => void };

function RowStatus({ row }: { row: TermFileRow }) {
  const { t } = useTranslation();
  if (row.valid) {
    return (
      <Badge color="teal" variant="light">
        {t("terms.valid")}
      </Badge>
    );
  }
  const reasons = (
    <Stack gap={2}>
      {row.errors.map((error) => (
        <Text key={error} size="xs">
          {error}
        </Text>
      ))}
    </Stack>
  );
  return (
    <Tooltip label={reasons} multiline maw={360} withArrow>
      <Badge color="red" variant="light" tabIndex={0} style={{ cursor: "help" }}>
        {t("terms.invalid")}
      </Badge>
    </Tooltip>
  );
}

export function TermFileRows({ rows, selection, onChange }: Props) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const shown = pageOfRows(rows, page, ROWS_PER_PAGE);
  const validCount = rows.filter((row) => row.valid).length;
  const allChosen = validCount > 0 && selection.size === validCount;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Checkbox
          label={t("terms.selectAll")}
          checked={allChosen}
          indeterminate={selection.size > 0 && !allChosen}
          disabled={validCount === 0}
          onChange={() => onChange(toggleAllValid(selection, rows))}
        />
        <Text size="sm" c="dimmed">
          {t("terms.summary", {
            rows: t("terms.rowCount", { count: rows.length }),
            valid: validCount,
            invalid: rows.length - validCount,
            selected: selection.size,
          })}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40} />
              <Table.Th w={60}>{t("terms.row")}</Table.Th>
              <Table.Th>{t("terms.termId")}</Table.Th>
              <Table.Th>{t("terms.label")}</Table.Th>
              <Table.Th>{t("terms.termUri")}</Table.Th>
              <Table.Th w={110}>{t("terms.status")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.rows.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>
                  <Checkbox
                    aria-label={t("terms.selectRow", { row: row.row })}
                    checked={selection.has(row.row)}
                    disabled={!row.valid}
                    onChange={(event) => onChange(toggleRow(selection, row, event.currentTarget.checked))}
                  />
                </Table.Td>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td ff="monospace">{row.data.termId}</Table.Td>
                <Table.Td>{row.data.label}</Table.Td>
                <Table.Td>
                  <Text size="sm" truncate maw={260}>
                    {row.data.termUri}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RowStatus row={row} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown.total > 1 && <LabelledPagination size="sm" total={shown.total} value={shown.page} onChange={setPage} />}
    </Stack>
  );
}
