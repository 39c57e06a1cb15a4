// Spec 3 §9: the contact search runs only with more than 3 characters; anything shorter lists every contact.
import { CONTACT_LIMITS } from "@repox/contracts";

export function contactSearchText(typed: string): string {
  const text = typed.trim();
  return text.length >= CONTACT_LIMITS.searchMinLength ? text : "";
}
