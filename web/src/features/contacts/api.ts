// Calls of the contacts area (spec 3 §7 Contacts): the paged list sorted by e-mail, save and delete (one or many),
// and the two-stage import (load a file, then import the chosen contacts).
import type { Contact, ContactBody, ContactFileResult, ContactImportBody, ContactImportResult } from "@repox/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { useDeleteMutation, useInvalidation, useSaveMutation } from "../../api/entity-mutations.ts";
import type { ListParams } from "../../api/list-params.ts";
import { usePageQuery } from "../../api/page-query.ts";
import { queryKeys } from "../../api/query-keys.ts";

const key = queryKeys.contacts;
const invalidates = [key];
const CONTACTS_PATH = "/addons/srv/contacts";
const path = (uuid: string) => `${CONTACTS_PATH}/${encodeURIComponent(uuid)}`;
const target = { collectionPath: CONTACTS_PATH, itemPath: path, invalidates };

/** A page of contacts sorted by e-mail; the share picker of surveys reads the same list. */
export function useContacts({ page, size, q }: ListParams) {
  return usePageQuery<Contact>([...key, "list"], CONTACTS_PATH, { page, size, sort: "email", ...(q ? { q } : {}) });
}

export function useSaveContact() {
  return useSaveMutation<Contact, string, ContactBody>(target);
}

export function useDeleteContact() {
  return useDeleteMutation(target);
}

export function useDeleteContacts() {
  const refresh = useInvalidation(invalidates);
  return useMutation({
    mutationFn: (uuids: string[]) => api.delete(CONTACTS_PATH, { body: { uuids } }),
    onSuccess: refresh,
  });
}

/** Stage one: the server reads the file into contacts, errors and warnings; nothing is saved. */
export function useLoadContactFile() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return api.post<ContactFileResult>(`${CONTACTS_PATH}/load`, form);
    },
  });
}

/** Stage two: the chosen contacts are created, or updated by e-mail. */
export function useImportContacts() {
  const refresh = useInvalidation(invalidates);
  return useMutation({
    mutationFn: (contacts: ContactImportBody["contacts"]) => api.post<ContactImportResult>(`${CONTACTS_PATH}/import`, { to: "", contacts }),
    onSuccess: refresh,
  });
}
