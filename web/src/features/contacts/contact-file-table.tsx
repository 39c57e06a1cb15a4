// Stage two of a contact import: the contacts read from the file, client-paged, each with a checkbox and, when the
// server had something to say about its row (a repeated or already known e-mail), a warning badge telling what.
import { Badge, Checkbox, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import type { ContactFileIssue, LoadedContact } from "@repox/contracts";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { LabelledPagination } from "../../components/list-pagination.tsx";
import { pageOfRows } from "../../components/page-of-rows.ts";

const ROWS_PER_PAGE = 50;

type Props = {
  contacts: LoadedContact[];
  warnings: ContactFileIssue[];
  selection: ReadonlySet<number>;
  onChange: (selection: Set<number>) => void;
};

export function ContactFileTable({ contacts, warnings, selection, onChange }: Props) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const shown = pageOfRows(contacts, page, ROWS_PER_PAGE);
  const warningsByRow = useMemo(() => {
    const byRow = new Map<number, ContactFileIssue[]>();
    for (const warning of warnings) byRow.set(warning.row, [...(byRow.get(warning.row) ?? []), warning]);
    return byRow;
  }, [warnings]);
  const allChosen = contacts.length > 0 && selection.size === contacts.length;
  const toggle = (row: number) => {
    const next = new Set(selection);
    if (next.has(row)) next.delete(row);
    else next.add(row);
    onChange(next);
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Checkbox
          label={t("contacts.selectAll")}
          checked={allChosen}
          indeterminate={selection.size > 0 && !allChosen}
          onChange={() => onChange(allChosen ? new Set() : new Set(contacts.map((contact) => contact.row)))}
        />
        <Text size="sm" c="dimmed">
          {t("contacts.fileSummary", { count: contacts.length, selected: selection.size })}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped data-testid="contact-file-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40} />
              <Table.Th w={60}>{t("contacts.row")}</Table.Th>
              <Table.Th>{t("contacts.firstName")}</Table.Th>
              <Table.Th>{t("contacts.lastName")}</Table.Th>
              <Table.Th>{t("contacts.email")}</Table.Th>
              <Table.Th>{t("contacts.organization")}</Table.Th>
              <Table.Th w={110} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.rows.map((contact) => {
              const rowWarnings = warningsByRow.get(contact.row) ?? [];
              return (
                <Table.Tr key={contact.row}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t("contacts.selectRow", { row: contact.row })}
                      checked={selection.has(contact.row)}
                      onChange={() => toggle(contact.row)}
                    />
                  </Table.Td>
                  <Table.Td>{contact.row}</Table.Td>
                  <Table.Td>{contact.firstName}</Table.Td>
                  <Table.Td>{contact.lastName}</Table.Td>
                  <Table.Td>{contact.email}</Table.Td>
                  <Table.Td>{contact.organization}</Table.Td>
                  <Table.Td>
                    {rowWarnings.length > 0 && (
                      <Tooltip
                        label={rowWarnings.map((warning) => warning.message).join("\n")}
                        multiline
                        maw={360}
                        withArrow
                        style={{ whiteSpace: "pre-line" }}
                      >
                        <Badge color="yellow" variant="light" tabIndex={0} style={{ cursor: "help" }}>
                          {t("contacts.warning")}
                        </Badge>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown.total > 1 && <LabelledPagination total={shown.total} value={shown.page} onChange={setPage} />}
    </Stack>
  );
}
