// Which rows of a loaded contact file start chosen: every contact but the repeats of an e-mail met in an earlier row
// (the import would skip them anyway), so what is imported is what the table shows ticked.
import type { LoadedContact } from "@repox/contracts";

export function initialSelection(contacts: readonly LoadedContact[]): Set<number> {
  const seen = new Set<string>();
  const chosen = new Set<number>();
  for (const contact of contacts) {
    const email = contact.email.toLowerCase();
    if (seen.has(email)) continue;
    seen.add(email);
    chosen.add(contact.row);
  }
  return chosen;
}

/** The chosen contacts as the import call takes them. */
export function chosenContacts(contacts: readonly LoadedContact[], selection: ReadonlySet<number>) {
  return contacts
    .filter((contact) => selection.has(contact.row))
    .map(({ firstName, lastName, email, organization }) => ({ firstName, lastName, email, organization }));
}
