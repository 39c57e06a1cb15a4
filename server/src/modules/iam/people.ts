// A person as other modules' answers show one, from the JSON that people.repository.ts's personJson reads.
import type { ContentUser } from "@repox/contracts";
import type { PersonJson } from "./people.repository.ts";

/** A person as content answers show one (createdBy, modifiedBy), or null. */
export function toContentUser(person: PersonJson | null): ContentUser | null {
  if (!person?.uuid) return null;
  return { uuid: person.uuid, firstname: person.firstname ?? "", lastname: person.lastname ?? "", email: person.email ?? "" };
}
