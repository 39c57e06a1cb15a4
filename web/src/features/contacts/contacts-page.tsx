// /contacts (spec 3 §2 Contacts): breadcrumb, search (more than 3 characters, 800 ms after the last key), the table
// sorted by e-mail with select-all and a delete button counting the selection, pagination, floating buttons to add
// and import, the two empty states, and the contact and import modals. Only editors see what writes (selection
// included); the others open a contact read-only.
import { ActionIcon, Affix, Anchor, Breadcrumbs, Button, Checkbox, EmptyState, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import { modals } from "@mantine/modals";
import { type Contact, CONTACT_LIMITS as L, PERMISSIONS } from "@repox/contracts";
import { IconAddressBook, IconFileImport, IconPlus, IconSearchOff, IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { ListPagination } from "../../components/list-pagination.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { SearchField } from "../../components/search-field.tsx";
import { showError, showSuccess } from "../../components/toast.ts";
import { useMyPermissions } from "../auth/permissions.ts";
import { useContacts, useDeleteContacts } from "./api.ts";
import { ContactImportModal } from "./contact-import-modal.tsx";
import { ContactModal } from "./contact-modal.tsx";
import { contactSearchText } from "./contact-search.ts";

/** Which modal is open: the contact modal (null creates) or the import. */
type Open = { kind: "contact"; contact: Contact | null } | { kind: "import" } | null;

export function ContactsPage() {
  const { t } = useTranslation();
  const { can } = useMyPermissions();
  const canEdit = can(PERMISSIONS.surveysEdit);
  const [page, setPage] = useState(0);
  const [q, setQ] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const [open, setOpen] = useState<Open>(null);
  const query = useContacts({ page, size: L.pageSize, q });
  const removeMany = useDeleteContacts();
  const items = query.data?.content ?? [];
  const pageSelected = items.filter((item) => selected.includes(item.uuid));
  const allSelected = items.length > 0 && pageSelected.length === items.length;

  // A new search starts again at the first page, with nothing selected that the list no longer shows.
  const search = (text: string) => {
    const next = contactSearchText(text);
    if (next === q) return;
    setQ(next);
    setPage(0);
    setSelected([]);
  };
  // Deleting the last contacts of the last page leaves that page empty: show the one before it.
  const lastPage = query.data?.empty && query.data.number > 0 ? Math.max(0, query.data.totalPages - 1) : null;
  useEffect(() => {
    if (lastPage !== null) setPage(lastPage);
  }, [lastPage]);
  const toggle = (uuid: string) =>
    setSelected((current) => (current.includes(uuid) ? current.filter((other) => other !== uuid) : [...current, uuid]));
  const togglePage = () => {
    const pageUuids = items.map((item) => item.uuid);
    setSelected((current) =>
      allSelected ? current.filter((uuid) => !pageUuids.includes(uuid)) : [...new Set([...current, ...pageUuids])],
    );
  };
  const confirmDelete = () => {
    const targets = selected;
    modals.openConfirmModal({
      title: t("contacts.deleteTitle"),
      children: t("contacts.confirmDelete", { count: targets.length }),
      labels: { confirm: t("common.delete"), cancel: t("common.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        removeMany.mutate(targets, {
          onSuccess: () => {
            showSuccess(t("contacts.deletedToast", { count: targets.length }));
            setSelected([]);
          },
          onError: (error) => showError(errorText(error)),
        }),
    });
  };
  const openCreate = () => setOpen({ kind: "contact", contact: null });
  const openImport = () => setOpen({ kind: "import" });

  const isEmpty = query.data?.empty && query.data.number === 0;
  return (
    // Room below the last row for the floating buttons.
    <Stack gap="md" pb={canEdit ? 120 : undefined}>
      <Breadcrumbs aria-label={t("contacts.breadcrumbs")}>
        <Text size="sm" c="dimmed">
          {t("menu.contacts")}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SearchField label={t("contacts.search")} onSearch={search} delay={L.searchDebounceMs} />
        {canEdit && (
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={selected.length === 0}
            loading={removeMany.isPending}
            onClick={confirmDelete}
          >
            {t("contacts.deleteSelected", { selected: selected.length })}
          </Button>
        )}
      </Group>
      {!query.data ? (
        <QueryStatus isLoading={query.isLoading} error={query.error} />
      ) : isEmpty && q === "" ? (
        <EmptyState mt="xl" icon={<IconAddressBook size={32} />} withIndicatorBackground title={t("contacts.empty")}>
          {canEdit && (
            <EmptyState.Actions>
              <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
                {t("contacts.create")}
              </Button>
              <Button variant="light" leftSection={<IconFileImport size={16} />} onClick={openImport}>
                {t("contacts.import")}
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      ) : isEmpty ? (
        <EmptyState mt="xl" icon={<IconSearchOff size={32} />} withIndicatorBackground title={t("contacts.noMatches")} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover data-testid="contacts-table">
              <Table.Thead>
                <Table.Tr>
                  {canEdit && (
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label={t("contacts.selectAll")}
                        checked={allSelected}
                        indeterminate={pageSelected.length > 0 && !allSelected}
                        onChange={togglePage}
                      />
                    </Table.Th>
                  )}
                  <Table.Th>{t("contacts.firstName")}</Table.Th>
                  <Table.Th>{t("contacts.lastName")}</Table.Th>
                  <Table.Th>{t("contacts.email")}</Table.Th>
                  <Table.Th>{t("contacts.organization")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((contact) => (
                  <Table.Tr key={contact.uuid}>
                    {canEdit && (
                      <Table.Td>
                        <Checkbox
                          aria-label={t("contacts.selectContact", { email: contact.email })}
                          checked={selected.includes(contact.uuid)}
                          onChange={() => toggle(contact.uuid)}
                        />
                      </Table.Td>
                    )}
                    <Table.Td>{contact.firstName}</Table.Td>
                    <Table.Td>{contact.lastName}</Table.Td>
                    <Table.Td>
                      <Anchor component="button" type="button" size="sm" onClick={() => setOpen({ kind: "contact", contact })}>
                        {contact.email}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{contact.organization}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination page={query.data} onChange={setPage} />
        </>
      )}
      {canEdit && (
        <Affix position={{ bottom: 24, right: 24 }}>
          <Stack gap="sm">
            <Tooltip label={t("contacts.import")} position="left">
              <ActionIcon size="xl" radius="xl" variant="light" aria-label={t("contacts.import")} onClick={openImport}>
                <IconFileImport size={22} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t("contacts.add")} position="left">
              <ActionIcon size="xl" radius="xl" aria-label={t("contacts.add")} onClick={openCreate}>
                <IconPlus size={22} />
              </ActionIcon>
            </Tooltip>
          </Stack>
        </Affix>
      )}
      {open?.kind === "contact" && (
        <ContactModal
          contact={open.contact}
          canEdit={canEdit}
          onClose={() => setOpen(null)}
          onDeleted={(uuid) => setSelected((current) => current.filter((other) => other !== uuid))}
        />
      )}
      {open?.kind === "import" && <ContactImportModal onClose={() => setOpen(null)} />}
    </Stack>
  );
}
