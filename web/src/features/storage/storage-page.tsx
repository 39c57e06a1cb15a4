// The storage page (spec 1 §2 Storage): the tenant's files, largest first, with Name, Size, Created at and Creator,
// 20 more at each 'Load more'.
import { Anchor, Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatBytes } from "../../components/format-bytes.ts";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { formatContentDate } from "../containers/content-dates.ts";
import { datastreamPath } from "../containers/content-items.ts";
import { personName } from "../containers/people.ts";
import { useStorageItems } from "./api.ts";

export function StoragePage() {
  const { t, i18n } = useTranslation();
  const query = useStorageItems();
  const items = query.data?.pages.flatMap((page) => page.content) ?? [];
  return (
    <Stack gap="md">
      <PageHeader title={t("menu.storage")} />
      {!query.data ? (
        <QueryStatus isLoading={query.isLoading} error={query.error} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t("storage.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("storage.name")}</Table.Th>
                <Table.Th>{t("storage.size")}</Table.Th>
                <Table.Th>{t("storage.createdAt")}</Table.Th>
                <Table.Th>{t("storage.creator")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.uuid}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {item.container ? (
                        <Anchor component={Link} to={datastreamPath(item.container.uuid, item.uuid)}>
                          {item.label}
                        </Anchor>
                      ) : (
                        <Text size="sm">{item.label}</Text>
                      )}
                      {item.inTrash && (
                        <Badge size="xs" color="gray">
                          {t("storage.inTrash")}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatBytes(item.filesize, i18n.language)}</Table.Td>
                  <Table.Td>{formatContentDate(item.createdAt)}</Table.Td>
                  <Table.Td>{personName(item.createdBy, t("containers.details.deletedUser"))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {query.hasNextPage && (
        <Group justify="center">
          <Button variant="light" onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t("storage.loadMore")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
