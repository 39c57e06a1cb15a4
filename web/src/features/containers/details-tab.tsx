// The Details tab: type, status, who created and changed the item and when, and what it holds; tags for containers.
import { Stack, Table, Text } from "@mantine/core";
import type { ContainerSummary, DatastreamSummary } from "@repox/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../components/format-bytes.ts";
import type { ItemRef } from "./api.ts";
import { formatContentDate } from "./content-dates.ts";
import { ItemTags } from "./item-tags.tsx";
import { personName } from "./people.ts";
import { PublishControl } from "./publish-control.tsx";

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={4} horizontalSpacing={0}>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th w="42%" fz="xs" c="dimmed" bg="transparent">
              {name}
            </Table.Th>
            <Table.Td fz="sm" style={{ overflowWrap: "anywhere" }}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function TagsBlock({ item }: { item: ItemRef }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {t("containers.details.tags")}
      </Text>
      <ItemTags item={item} />
    </Stack>
  );
}

export function ContainerDetails({ container }: { container: ContainerSummary }) {
  const { t } = useTranslation();
  const deleted = t("containers.details.deletedUser");
  return (
    <Stack gap="md">
      <Facts
        rows={[
          [t("containers.details.type"), container.type.name],
          [t("containers.details.status"), <PublishControl key="status" uuid={container.uuid} published={container.published} />],
          [t("containers.details.createdBy"), personName(container.createdBy, deleted)],
          [t("containers.details.createdAt"), formatContentDate(container.createdAt)],
          [t("containers.details.modifiedBy"), personName(container.modifiedBy, deleted)],
          [t("containers.details.modifiedAt"), formatContentDate(container.modifiedAt)],
          [t("containers.details.folders"), container.childCount],
          [t("containers.details.files"), container.datastreamCount],
        ]}
      />
      <TagsBlock item={{ kind: "container", uuid: container.uuid }} />
    </Stack>
  );
}

export function DatastreamDetails({ datastream }: { datastream: DatastreamSummary }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="md">
      <Facts
        rows={[
          [t("containers.details.type"), datastream.type.name],
          [t("containers.details.mimeType"), datastream.mimeType],
          [t("containers.details.size"), formatBytes(datastream.filesize, i18n.language)],
          [t("containers.details.createdBy"), personName(datastream.createdBy, t("containers.details.deletedUser"))],
          [t("containers.details.createdAt"), formatContentDate(datastream.createdAt)],
          [t("containers.details.modifiedAt"), formatContentDate(datastream.modifiedAt)],
        ]}
      />
      <TagsBlock item={{ kind: "datastream", uuid: datastream.uuid }} />
    </Stack>
  );
}
