// Rules of the container graph, for use inside a transaction: where a type may go (acceptance lists, allowedAtRoot),
// no container inside itself, and the paths down from the top level. Moves and links take the graph lock first.
import { CONTENT_LIMITS, type ContainerPath } from "@repox/contracts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { BadRequest, Conflict } from "../../platform/errors.ts";
import type { ContentModelService } from "../content-model/service.ts";
import * as graph from "./graph.repository.ts";
import type { ContainerRow } from "./repository.ts";

export type ContentModelReader = ReturnType<ContentModelService["within"]>;

/** How a change is worded in messages: "cannot be created in", "cannot be moved into". */
export type Placement = "created" | "moved" | "linked" | "restored";

const INTO: Record<Placement, string> = { created: "created in", moved: "moved into", linked: "linked into", restored: "restored into" };
const AT_TOP: Record<Placement, string> = { created: "created at", moved: "moved to", linked: "linked to", restored: "restored to" };

/** Refuses a container of type `child` in `parent` (null: the top level) unless the parent's type accepts it. */
export async function assertAcceptsContainer(
  model: ContentModelReader,
  parent: ContainerRow | null,
  child: { code: string; name: string },
  placement: Placement,
): Promise<void> {
  if (await model.acceptsContainer(parent?.type_code ?? null, child.code)) return;
  if (parent === null) throw new BadRequest(`A container of type '${child.name}' cannot be ${AT_TOP[placement]} the top level`);
  throw new BadRequest(
    `A container of type '${child.name}' cannot be ${INTO[placement]} '${parent.label}': type '${parent.type_name}' does not accept it`,
  );
}

/** Refuses a datastream of type `datastream` in `container` unless the container's type accepts it. */
export async function assertAcceptsDatastream(
  model: ContentModelReader,
  container: ContainerRow,
  datastream: { code: string; name: string },
  placement: Placement,
): Promise<void> {
  if (await model.acceptsDatastream(container.type_code, datastream.code)) return;
  throw new BadRequest(
    `A datastream of type '${datastream.name}' cannot be ${INTO[placement]} '${container.label}': type '${container.type_name}' does not accept it`,
  );
}

/** Refuses to put `node` into `destination` when that is the node itself or below it. Call with the graph lock held. */
export async function assertNoCycle(trx: Trx, node: ContainerRow, destinationId: string, placement: Placement): Promise<void> {
  if (await graph.isSelfOrAncestor(trx, node.id, destinationId)) {
    throw new Conflict(`'${node.label}' cannot be ${INTO[placement]} itself or into a container inside it`);
  }
}

/** Every path from the top level to the container (ancestors, top first), the oldest placement first. */
export async function pathsOf(trx: Trx, id: string): Promise<ContainerPath[]> {
  const paths = await graph.listPaths(trx, id, CONTENT_LIMITS.maxPaths, CONTENT_LIMITS.maxDepth);
  const labels = new Map((await graph.labelsOf(trx, [...new Set(paths.flat())])).map((row) => [row.id, row.label]));
  return paths.map((path) => ({ nodes: path.map((uuid) => ({ uuid, label: labels.get(uuid) ?? "" })) }));
}
