// Step Errors/Warnings: every issue of the preview with its spreadsheet row (the header is row 1). The server's last
// entry, row 0, counts the issues past its limit and has no row of its own.
import { Stack, Table, Title } from "@mantine/core";
import type { ImportIssue, ImportPreview } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { IssueAlerts } from "./issue-alerts.tsx";

function IssueTable({ title, issues }: { title: string; issues: readonly ImportIssue[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Title order={4}>{title}</Title>
      <Table striped aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={80}>{t("contentImport.row")}</Table.Th>
            <Table.Th>{t("contentImport.message")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {issues.map((issue, index) => (
            // One row may hold several issues, and two may read alike.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once answered
            <Table.Tr key={index}>
              <Table.Td>{issue.row > 0 ? issue.row : ""}</Table.Td>
              <Table.Td>{issue.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export function IssuesStep({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <IssueAlerts preview={preview} />
      {preview.errors.length > 0 && <IssueTable title={t("contentImport.errors")} issues={preview.errors} />}
      {preview.warnings.length > 0 && <IssueTable title={t("contentImport.warnings")} issues={preview.warnings} />}
    </Stack>
  );
}
