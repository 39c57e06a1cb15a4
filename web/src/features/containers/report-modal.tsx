// The container report (spec 1 §7): label, containers and datastreams below it, and the storage they take.
import { Modal, Table } from "@mantine/core";
import type { ContentNode } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../components/format-bytes.ts";
import { QueryStatus } from "../../components/query-status.tsx";
import { useContainerReport } from "./api.ts";

export function ReportModal({ container, onClose }: { container: ContentNode; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const report = useContainerReport(container.uuid);
  const rows: [string, string | number][] = report.data
    ? [
        [t("containers.report.label"), report.data.label],
        [t("containers.report.containerCount"), report.data.containerCount],
        [t("containers.report.datastreamCount"), report.data.datastreamCount],
        [t("containers.report.totalStorage"), formatBytes(report.data.totalStorageSpace, i18n.language)],
      ]
    : [];
  return (
    <Modal opened onClose={onClose} title={t("containers.report.title")}>
      {report.data ? (
        <Table variant="vertical" withTableBorder layout="fixed">
          <Table.Tbody>
            {rows.map(([name, value]) => (
              <Table.Tr key={name}>
                <Table.Th w="45%">{name}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <QueryStatus isLoading={report.isLoading} error={report.error} />
      )}
    </Modal>
  );
}
