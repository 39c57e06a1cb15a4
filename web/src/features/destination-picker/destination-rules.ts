// Spec 1 §5 "Move and link": a destination must be chosen, must differ from the item's current parent and from the
// item itself, and a datastream cannot go to the top level. Restoring from the trash follows the same rule. For a change
// applied item by item (a bulk move or link) a destination is refused only when every item would refuse it: the
// server then answers which items it refused.
import { ROOT } from "@repox/contracts";

export type PickerMode = "move" | "link";

/** What is being moved or linked, and from where. */
export type PickerSubject = {
  kind: "container" | "datastream";
  uuid: string;
  label: string;
  /** The container it is moved out of (or linked from): a uuid, or ROOT for the top level; none for a trash restore. */
  from?: string;
};

/** A container uuid or ROOT. */
export type Destination = { uuid: string; label: string };

export type DestinationProblem = "missing" | "same";

function refuses(subject: PickerSubject, destination: Destination): boolean {
  if (destination.uuid === subject.from || destination.uuid === subject.uuid) return true;
  return subject.kind === "datastream" && destination.uuid === ROOT;
}

/** `perItem`: the change is applied to each item on its own, so the destination only has to suit one of them. */
export function destinationProblem(
  subjects: readonly PickerSubject[],
  destination: Destination | null,
  perItem = false,
): DestinationProblem | null {
  if (!destination) return "missing";
  const refused = perItem
    ? subjects.every((subject) => refuses(subject, destination))
    : subjects.some((subject) => refuses(subject, destination));
  return refused ? "same" : null;
}
