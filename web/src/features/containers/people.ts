// A person as content shows them: first and last name, else the e-mail; null once the user was deleted.
import type { ContentUser } from "@repox/contracts";

export function personName(person: ContentUser | null, deletedText: string): string {
  if (!person) return deletedText;
  return `${person.firstname} ${person.lastname}`.trim() || person.email;
}
