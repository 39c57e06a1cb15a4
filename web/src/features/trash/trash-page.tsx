// The trash (spec 1 §2 Trash): removed items in a sortable table with select-all; restore into a container chosen in
// the picker, or delete for good after confirmation. Processed items leave the list when it reloads.
import { ActionIcon, Button, Checkbox, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import { modals } from "@mantine/modals";
import { LIMITS, type TrashItem } from "@repox/contracts";
import { IconRestore, IconTrashX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPagination } from "../../components/list-pagination.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { toastOutcome } from "../../components/toast.ts";
import { formatContentDateTime } from "../containers/content-date-time.ts";
import { personName } from "../containers/people.ts";
import { DestinationPickerModal } from "../destination-picker/destination-picker-modal.tsx";
import { trashObject, usePermanentDelete, useRestore, useTrashPage } from "./api.ts";
import { SortHeader, type TrashSort } from "./sort-header.tsx";

export function TrashPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<TrashSort>({ sort: "deletedAt", direction: "desc" });
  const [selected, setSelected] = useState<string[]>([]);
  const [restoring, setRestoring] = useState<TrashItem[] | null>(null);
  const query = useTrashPage({ page, size: LIMITS.defaultPageSize, ...sort });
  const restore = useRestore();
  const remove = usePermanentDelete();
  const items = query.data?.content ?? [];
  const selectedItems = items.filter((item) => selected.includes(item.uuid));
  const allSelected = items.length > 0 && selectedItems.length === items.length;

  const forget = (done: TrashItem[]) => setSelected((current) => current.filter((uuid) => !done.some((item) => item.uuid === uuid)));
  const toggle = (uuid: string) =>
    setSelected((current) => (current.includes(uuid) ? current.filter((other) => other !== uuid) : [...current, uuid]));

  const confirmDelete = (targets: TrashItem[]) =>
    modals.openConfirmModal({
      title: t("trash.deleteTitle"),
      children: t("trash.confirmDelete"),
      labels: { confirm: t("trash.delete"), cancel: t("common.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(
          targets.map(trashObject),
          toastOutcome(t("toast.deleted"), () => forget(targets)),
        ),
    });

  const confirmRestore = (container: string) => {
    if (!restoring) return;
    const targets = restoring;
    restore.mutate(
      { container, objects: targets.map(trashObject) },
      toastOutcome(t("trash.restored"), () => {
        forget(targets);
        setRestoring(null);
      }),
    );
  };

  const changeSort = (next: TrashSort) => {
    setSort(next);
    setPage(0);
  };

  return (
    <Stack gap="md">
      <PageHeader title={t("menu.trash")}>
        <Button
          variant="light"
          leftSection={<IconRestore size={16} />}
          disabled={selectedItems.length === 0}
          onClick={() => setRestoring(selectedItems)}
        >
          {t("trash.restoreSelected")}
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrashX size={16} />}
          disabled={selectedItems.length === 0}
          onClick={() => confirmDelete(selectedItems)}
        >
          {t("trash.deleteSelected")}
        </Button>
      </PageHeader>
      {!query.data ? (
        <QueryStatus isLoading={query.isLoading} error={query.error} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t("trash.empty")}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={700}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t("trash.selectAll")}
                      checked={allSelected}
                      indeterminate={selectedItems.length > 0 && !allSelected}
                      onChange={() => setSelected(allSelected ? [] : items.map((item) => item.uuid))}
                    />
                  </Table.Th>
                  <SortHeader column="label" sort={sort} onSort={changeSort}>
                    {t("trash.file")}
                  </SortHeader>
                  <SortHeader column="type" sort={sort} onSort={changeSort}>
                    {t("trash.type")}
                  </SortHeader>
                  <SortHeader column="deletedAt" sort={sort} onSort={changeSort}>
                    {t("trash.deletedAt")}
                  </SortHeader>
                  <Table.Th>{t("trash.deletedBy")}</Table.Th>
                  <Table.Th>{t("trash.actions")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.uuid}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t("trash.selectItem", { label: item.label })}
                        checked={selected.includes(item.uuid)}
                        onChange={() => toggle(item.uuid)}
                      />
                    </Table.Td>
                    <Table.Td>{item.label}</Table.Td>
                    <Table.Td>{item.type.name}</Table.Td>
                    <Table.Td>{formatContentDateTime(item.deletedAt, i18n.language)}</Table.Td>
                    <Table.Td>{personName(item.deletedBy, t("containers.details.deletedUser"))}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label={t("trash.restore")}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`${t("trash.restore")}: ${item.label}`}
                            onClick={() => setRestoring([item])}
                          >
                            <IconRestore size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t("trash.delete")}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`${t("trash.delete")}: ${item.label}`}
                            onClick={() => confirmDelete([item])}
                          >
                            <IconTrashX size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination page={query.data} onChange={setPage} />
        </>
      )}
      {restoring && (
        <DestinationPickerModal
          title={t("trash.restoreTitle")}
          confirmLabel={t("trash.restore")}
          subjects={restoring.map((item) => ({
            kind: item.objectType === "CONTAINER" ? "container" : "datastream",
            uuid: item.uuid,
            label: item.label,
          }))}
          isPending={restore.isPending}
          onConfirm={(destination) => confirmRestore(destination.uuid)}
          onClose={() => setRestoring(null)}
        />
      )}
    </Stack>
  );
}
