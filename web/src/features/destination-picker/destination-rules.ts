// Spec 1 §5 "Move and link": a destination must be chosen, must differ from the item's current parent and from the
// item itself, and a datastream cannot go to the top level.
import { ROOT } from "@repox/contracts";

export type PickerMode = "move" | "link";

/** What is being moved or linked, and from where. */
export type PickerSubject = {
  kind: "container" | "datastream";
  uuid: string;
  label: string;
  /** The container it is moved out of (or linked from): a uuid, or ROOT for the top level. */
  from: string;
};

/** A container uuid or ROOT. */
export type Destination = { uuid: string; label: string };

export type DestinationProblem = "missing" | "same";

export function destinationProblem(subject: PickerSubject, destination: Destination | null): DestinationProblem | null {
  if (!destination) return "missing";
  if (destination.uuid === subject.from || destination.uuid === subject.uuid) return "same";
  if (subject.kind === "datastream" && destination.uuid === ROOT) return "same";
  return null;
}
