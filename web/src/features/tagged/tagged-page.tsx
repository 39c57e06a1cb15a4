// /tagged/{id} (spec 1 §2 Tagged items): breadcrumb 'Tagged (tag name)', the tag's containers and datastreams as tiles
// or a table with Label, Created At and Creator; 'No Starred items found' when it has none.
import { Anchor, Card, Group, Stack, Table, Text } from "@mantine/core";
import { LIMITS, type TaggedItem } from "@repox/contracts";
import { IconFile, IconFolderFilled } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { NotFoundPage } from "../../app/not-found-page.tsx";
import { useLayoutPreference } from "../../components/layout-preference.ts";
import { LayoutToggle } from "../../components/layout-toggle.tsx";
import { ListPagination } from "../../components/list-pagination.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { TileGrid } from "../../components/tile-grid.tsx";
import { formatContentDate } from "../containers/content-dates.ts";
import { personName } from "../containers/people.ts";
import { useTag } from "../tags/api.ts";
import { taggedItemLink, useTaggedItems } from "./api.ts";

function ItemLabel({ item }: { item: TaggedItem }) {
  const link = taggedItemLink(item);
  return link ? (
    <Anchor component={Link} to={link} fw={600}>
      {item.label}
    </Anchor>
  ) : (
    <Text fw={600}>{item.label}</Text>
  );
}

function TaggedTiles({ items }: { items: TaggedItem[] }) {
  return (
    <TileGrid>
      {items.map((item) => {
        const Icon = item.objectType === "CONTAINER" ? IconFolderFilled : IconFile;
        return (
          <Card key={item.uuid} withBorder padding="sm" aria-label={item.label}>
            <Group wrap="nowrap" gap="sm">
              <Icon size={28} color={item.color ?? "var(--mantine-color-yellow-5)"} style={{ flexShrink: 0 }} aria-hidden />
              <div style={{ minWidth: 0 }}>
                <ItemLabel item={item} />
                <Text size="xs" c="dimmed">
                  {formatContentDate(item.createdAt)}
                </Text>
              </div>
            </Group>
          </Card>
        );
      })}
    </TileGrid>
  );
}

function TaggedTable({ items }: { items: TaggedItem[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={500}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("lists.label")}</Table.Th>
            <Table.Th>{t("lists.createdAt")}</Table.Th>
            <Table.Th>{t("lists.creator")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.uuid}>
              <Table.Td>
                <ItemLabel item={item} />
              </Table.Td>
              <Table.Td>{formatContentDate(item.createdAt)}</Table.Td>
              <Table.Td>{personName(item.createdBy, t("containers.details.deletedUser"))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TaggedItems({ tagId }: { tagId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [layout, setLayout] = useLayoutPreference();
  const tag = useTag(tagId);
  const query = useTaggedItems(tagId, page, LIMITS.defaultPageSize);
  if (!tag.data) return <QueryStatus isLoading={tag.isLoading} error={tag.error} />;
  const items = query.data?.content ?? [];
  return (
    <Stack gap="md">
      <PageHeader title={t("lists.taggedTitle", { name: tag.data.name })}>
        <LayoutToggle value={layout} onChange={setLayout} />
      </PageHeader>
      {!query.data ? (
        <QueryStatus isLoading={query.isLoading} error={query.error} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t("lists.taggedEmpty")}</Text>
      ) : (
        <>
          {layout === "grid" ? <TaggedTiles items={items} /> : <TaggedTable items={items} />}
          <ListPagination page={query.data} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}

export function TaggedPage() {
  const tagId = Number(useParams().id);
  if (!Number.isInteger(tagId) || tagId <= 0) return <NotFoundPage />;
  return <TaggedItems key={tagId} tagId={tagId} />;
}
