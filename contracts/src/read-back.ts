// A PUT takes back the body its GET answered (issue 15 §4). A reference read as an object (`{id, name}`) is written
// as that object or its id alone; the fields a PUT cannot write are read-only: sent unchanged they are ignored, sent
// changed they are refused by name (the server's platform/http/read-back.ts compares them with the stored resource).
import { z } from "zod";

/**
 * A reference in a write body: the id itself, or the object a GET answers for it (`{id: 3, name: "Staff"}`), of which
 * only `key` is read. `message` is the answer when the value is neither.
 */
export function idOrReference<Id extends z.ZodType, Key extends string>(id: Id, key: Key, message: string) {
  const reference = z.object({ [key]: id } as Record<Key, Id>);
  return z.union([id, reference.transform((value) => (value as Record<Key, z.output<Id>>)[key])], { error: message });
}

/**
 * The fields of a resource's GET body that its PUT body does not write, less the `volatile` ones that change without
 * the caller's doing (timestamps stamped by every write or by a device, signed links that expire): those are ignored
 * whatever they hold, since a body read a second ago may already carry an older value.
 */
export function readOnlyFields(read: z.ZodObject, write: z.ZodObject, volatile: readonly string[] = []): readonly string[] {
  const written = new Set(Object.keys(write.shape));
  return Object.keys(read.shape).filter((field) => !written.has(field) && !volatile.includes(field));
}

/** The fields that change on every write: a PUT body read before it always holds an older value. */
export const WRITE_TIMESTAMPS = ["updatedAt", "modifiedAt"] as const;
