// Recent and Starred (spec 1 §2): containers or datastreams as tiles or a table, 'View More' for the next 18.
import { ActionIcon, Anchor, Button, Card, Group, SegmentedControl, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconFile, IconFolderFilled, IconStarOff } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLayoutPreference } from "../../components/layout-preference.ts";
import { LayoutToggle } from "../../components/layout-toggle.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { TileGrid } from "../../components/tile-grid.tsx";
import { toastOutcome } from "../../components/toast.ts";
import { useStar } from "../containers/api.ts";
import { formatContentDate } from "../containers/content-dates.ts";
import { containerPath, datastreamPath } from "../containers/content-items.ts";
import { personName } from "../containers/people.ts";
import { type PersonalItem, type PersonalKind, type PersonalList, usePersonalList } from "./api.ts";

/** Where an item opens; null for a datastream held by no live container. */
export function itemLink(kind: PersonalKind, item: PersonalItem): string | null {
  if (kind === "containers") return containerPath(item.uuid);
  return "parentUuid" in item && item.parentUuid ? datastreamPath(item.parentUuid, item.uuid) : null;
}

function ItemLabel({ kind, item }: { kind: PersonalKind; item: PersonalItem }) {
  const link = itemLink(kind, item);
  return link ? (
    <Anchor component={Link} to={link} fw={600} truncate>
      {item.label}
    </Anchor>
  ) : (
    <Text fw={600} truncate>
      {item.label}
    </Text>
  );
}

function UnstarButton({ kind, item }: { kind: PersonalKind; item: PersonalItem }) {
  const { t } = useTranslation();
  const star = useStar();
  const label = t("containers.actions.removeStar");
  const unstar = () =>
    star.mutate(
      { item: { kind: kind === "containers" ? "container" : "datastream", uuid: item.uuid }, starred: false },
      toastOutcome(t("containers.toasts.unstarred", { label: item.label })),
    );
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="yellow" aria-label={`${label}: ${item.label}`} loading={star.isPending} onClick={unstar}>
        <IconStarOff size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

type ItemsProps = { list: PersonalList; kind: PersonalKind; items: PersonalItem[] };

function ItemTiles({ list, kind, items }: ItemsProps) {
  const Icon = kind === "containers" ? IconFolderFilled : IconFile;
  return (
    <TileGrid>
      {items.map((item) => (
        <Card key={item.uuid} withBorder padding="sm" aria-label={item.label}>
          <Group wrap="nowrap" justify="space-between" gap="sm">
            <Group wrap="nowrap" gap="sm" miw={0}>
              <Icon size={28} style={{ flexShrink: 0 }} color="var(--mantine-color-yellow-5)" aria-hidden />
              <div style={{ minWidth: 0 }}>
                <ItemLabel kind={kind} item={item} />
                <Text size="xs" c="dimmed">
                  {item.type.name}
                </Text>
              </div>
            </Group>
            {list === "starred" && <UnstarButton kind={kind} item={item} />}
          </Group>
        </Card>
      ))}
    </TileGrid>
  );
}

function ItemTable({ list, kind, items }: ItemsProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("lists.label")}</Table.Th>
            <Table.Th>{t("lists.type")}</Table.Th>
            <Table.Th>{t("lists.createdAt")}</Table.Th>
            <Table.Th>{t("lists.creator")}</Table.Th>
            {list === "starred" && <Table.Th aria-label={t("lists.actions")} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.uuid}>
              <Table.Td>
                <ItemLabel kind={kind} item={item} />
              </Table.Td>
              <Table.Td>{item.type.name}</Table.Td>
              <Table.Td>{formatContentDate(item.createdAt)}</Table.Td>
              <Table.Td>{personName(item.createdBy, t("containers.details.deletedUser"))}</Table.Td>
              {list === "starred" && (
                <Table.Td>
                  <UnstarButton kind={kind} item={item} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function PersonalListPage({ list }: { list: PersonalList }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<PersonalKind>("containers");
  const [layout, setLayout] = useLayoutPreference();
  const query = usePersonalList(list, kind);
  const items = query.data?.pages.flatMap((page) => page.content) ?? [];
  const Items = layout === "grid" ? ItemTiles : ItemTable;
  return (
    <Stack gap="md">
      <PageHeader title={t(list === "recent" ? "menu.recent" : "menu.starred")}>
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value as PersonalKind)}
          data={[
            { value: "containers", label: t("lists.containers") },
            { value: "datastreams", label: t("lists.datastreams") },
          ]}
        />
        <LayoutToggle value={layout} onChange={setLayout} />
      </PageHeader>
      {query.data ? (
        items.length === 0 ? (
          <Text c="dimmed">{t("lists.empty")}</Text>
        ) : (
          <Items list={list} kind={kind} items={items} />
        )
      ) : (
        <QueryStatus isLoading={query.isLoading} error={query.error} />
      )}
      {query.hasNextPage && (
        <Group justify="center">
          <Button variant="light" onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t("lists.viewMore")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
