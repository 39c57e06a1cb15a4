// The files section of the printout: each datastream with its thumbnail (or the icon of its kind), label, type, size
// and when it was added.
import { Group, Table, Text } from "@mantine/core";
import type { Container, DatastreamSummary } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../components/format-bytes.ts";
import { useThumbnail } from "../containers/api.ts";
import { MimeIcon } from "../containers/mime-icon.tsx";
import { formatPrintDate } from "./print-dates.ts";
import classes from "./print-preview.module.css";
import { ShownOf } from "./shown-of.tsx";

function Thumbnail({ datastream }: { datastream: DatastreamSummary }) {
  const { t } = useTranslation();
  const url = useThumbnail(datastream);
  return (
    <div className={classes.thumbnail}>
      {url ? (
        <img src={url} alt={t("containers.thumbnail", { label: datastream.label })} />
      ) : (
        <MimeIcon mimeType={datastream.mimeType} size={28} />
      )}
    </div>
  );
}

export function PrintFiles({ container }: { container: Container }) {
  const { t, i18n } = useTranslation();
  if (container.datastreams.length === 0) return <Text size="sm">{t("printPreview.noFiles")}</Text>;
  return (
    <>
      <Table withTableBorder fz="sm" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("containers.columns.label")}</Table.Th>
            <Table.Th>{t("containers.columns.type")}</Table.Th>
            <Table.Th>{t("containers.details.size")}</Table.Th>
            <Table.Th>{t("containers.details.createdAt")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {container.datastreams.map((datastream) => (
            <Table.Tr key={datastream.uuid} className={classes.row}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Thumbnail datastream={datastream} />
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                      {datastream.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {datastream.mimeType}
                    </Text>
                  </div>
                </Group>
              </Table.Td>
              <Table.Td>{datastream.type.name}</Table.Td>
              <Table.Td>{formatBytes(datastream.filesize, i18n.language)}</Table.Td>
              <Table.Td>{formatPrintDate(datastream.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ShownOf shown={container.datastreams.length} total={container.datastreamCount} />
    </>
  );
}
