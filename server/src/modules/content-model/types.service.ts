// Container and datastream types: a lowercase code fixed once created, a layout, acceptance lists naming the types
// that may be created inside (empty: all), and the properties the type carries with its own group, position and
// flags. A type named in another type's acceptance list or in a reference property, or that containers or datastreams
// (trashed ones too) are of, cannot be deleted.
import type { Page, Property, TypeLayout, TypePropertyAssignment } from "@repox/contracts";
import { toPage } from "@repox/contracts";
import { BadRequest, Conflict, NotFound } from "../../platform/errors.ts";
import { firstMissingGroup } from "./groups.service.ts";
import type { ContentUsagePort, TypeUsage } from "./ports.ts";
import { findPropertyIds, propertiesReferencingType } from "./properties.repository.ts";
import { toProperty } from "./properties.service.ts";
import { inUseMessage, KIND_LABEL, type Paging, pagingOf, type ReadTx, type Tx, type TypeKind } from "./shared.ts";
import * as repo from "./types.repository.ts";

export type TypeSummary = {
  id: number;
  code: string;
  name: string;
  layout: TypeLayout;
  containerAcceptance: string;
  datastreamAcceptance: string;
  allowedAtRoot: boolean;
};
export type TypeDetail = TypeSummary & { properties: Property[] };

/** A create or update of either kind; datastream types leave containerAcceptance empty and allowedAtRoot false. */
export type TypeInput = {
  id?: number | undefined;
  code: string;
  name: string;
  layout: TypeLayout;
  containerAcceptance: string;
  datastreamAcceptance: string;
  allowedAtRoot: boolean;
  properties: TypePropertyAssignment[];
};

/** Where the type's fields sit in a request body, for messages: "container" or "dataStream". */
const BODY_FIELD: Record<TypeKind, string> = { container: "container", datastream: "dataStream" };

const capitalised = (kind: TypeKind) => KIND_LABEL[kind].charAt(0).toUpperCase() + KIND_LABEL[kind].slice(1);

const toSummary = (row: repo.TypeRow): TypeSummary => ({
  id: row.id,
  code: row.code,
  name: row.name,
  layout: row.layout as TypeLayout,
  containerAcceptance: row.container_acceptance,
  datastreamAcceptance: row.datastream_acceptance,
  allowedAtRoot: row.allowed_at_root,
});

/** "Book; chapter;;book" -> ["book", "chapter"]. */
export function acceptanceCodes(list: string): string[] {
  const codes = list
    .split(";")
    .map((code) => code.trim().toLowerCase())
    .filter((code) => code !== "");
  return [...new Set(codes)];
}

async function requireType({ trx }: Tx, kind: TypeKind, code: string): Promise<repo.TypeRow> {
  const row = await repo.findType(trx, kind, code);
  if (!row) throw new NotFound(`${capitalised(kind)} '${code}' not found`);
  return row;
}

async function detailOf({ trx }: ReadTx, row: repo.TypeRow): Promise<TypeDetail> {
  const properties = await repo.listTypeProperties(trx, row.id);
  return { ...toSummary(row), properties: properties.map(toProperty) };
}

async function resolveProperties(tx: Tx, assignments: readonly TypePropertyAssignment[]): Promise<repo.TypePropertyFields[]> {
  const seen = new Set<string>();
  assignments.forEach((assignment, index) => {
    if (seen.has(assignment.propertyKey))
      throw new BadRequest(`properties.${index}.propertyKey: property '${assignment.propertyKey}' is listed twice`);
    seen.add(assignment.propertyKey);
  });
  const ids = await findPropertyIds(tx.trx, [...seen]);
  const missingIndex = assignments.findIndex((assignment) => !ids.has(assignment.propertyKey));
  if (missingIndex >= 0) {
    throw new BadRequest(`properties.${missingIndex}.propertyKey: no property with key '${assignments[missingIndex]?.propertyKey}'`);
  }
  const groupIds = assignments.flatMap((assignment) => (assignment.groupId === null ? [] : [assignment.groupId]));
  const missingGroup = await firstMissingGroup(tx, groupIds);
  if (missingGroup !== undefined) {
    const index = assignments.findIndex((assignment) => assignment.groupId === missingGroup);
    throw new BadRequest(`properties.${index}.groupId: no property group with id ${missingGroup}`);
  }
  return assignments.map((assignment) => ({
    property_id: ids.get(assignment.propertyKey) ?? 0,
    group_id: assignment.groupId,
    position: assignment.position,
    mandatory: assignment.mandatory,
    editable: assignment.editable,
    repeatable: assignment.repeatable,
  }));
}

/** Ids of the accepted types, container codes first; a type may accept itself. Unknown codes are refused. */
async function resolveAcceptance(tx: Tx, kind: TypeKind, self: { id: number; code: string }, input: TypeInput): Promise<number[]> {
  const lists = [
    ["containerAcceptance", "container", acceptanceCodes(input.containerAcceptance)],
    ["datastreamAcceptance", "datastream", acceptanceCodes(input.datastreamAcceptance)],
  ] as const;
  const ids: number[] = [];
  for (const [field, acceptedKind, codes] of lists) {
    const found = await repo.findTypeIds(tx.trx, acceptedKind, codes);
    if (acceptedKind === kind) found.set(self.code, self.id);
    for (const code of codes) {
      const id = found.get(code);
      if (id === undefined) throw new BadRequest(`${BODY_FIELD[kind]}.${field}: no ${KIND_LABEL[acceptedKind]} with code '${code}'`);
      ids.push(id);
    }
  }
  return ids;
}

export async function listTypes(
  { trx }: Tx,
  kind: TypeKind,
  query: { page: number; size: number; q?: string | undefined; allowedAtRoot?: boolean | undefined },
): Promise<Page<TypeSummary>> {
  const paging: Paging & { allowedAtRoot?: boolean | undefined } = { ...pagingOf(query), allowedAtRoot: query.allowedAtRoot };
  const [rows, total] = await Promise.all([repo.listTypes(trx, kind, paging), repo.countTypes(trx, kind, paging)]);
  return toPage(rows.map(toSummary), total, query);
}

/** Every type of the kind with its properties (export). */
export async function allTypes(tx: Tx, kind: TypeKind): Promise<TypeDetail[]> {
  const rows = await repo.listTypes(tx.trx, kind);
  const details: TypeDetail[] = [];
  for (const row of rows) details.push(await detailOf(tx, row));
  return details;
}

export async function getType(tx: Tx, kind: TypeKind, code: string): Promise<TypeDetail> {
  return detailOf(tx, await requireType(tx, kind, code));
}

export async function findType(tx: ReadTx, kind: TypeKind, code: string): Promise<TypeDetail | undefined> {
  const row = await repo.findType(tx.trx, kind, code);
  return row && detailOf(tx, row);
}

/** Import creates types first and sets their acceptance lists once every type of the file exists. */
export type CreateTypeOptions = { withoutAcceptance?: boolean };

export async function createType(tx: Tx, kind: TypeKind, input: TypeInput, options: CreateTypeOptions = {}): Promise<TypeDetail> {
  if (await repo.findType(tx.trx, kind, input.code)) throw new Conflict(`A ${KIND_LABEL[kind]} with code '${input.code}' already exists`);
  const properties = await resolveProperties(tx, input.properties);
  const fields = { name: input.name, layout: input.layout, allowed_at_root: input.allowedAtRoot };
  const id = await repo.insertType(tx.trx, tx.tenantId, kind, input.code, fields);
  if (!options.withoutAcceptance) {
    await repo.setAcceptance(tx.trx, tx.tenantId, id, await resolveAcceptance(tx, kind, { id, code: input.code }, input));
  }
  await repo.setTypeProperties(tx.trx, tx.tenantId, id, properties);
  return getType(tx, kind, input.code);
}

export async function setTypeAcceptance(tx: Tx, kind: TypeKind, code: string, input: TypeInput): Promise<void> {
  const row = await requireType(tx, kind, code);
  await repo.setAcceptance(tx.trx, tx.tenantId, row.id, await resolveAcceptance(tx, kind, row, input));
}

export async function updateType(tx: Tx, kind: TypeKind, code: string, input: TypeInput): Promise<TypeDetail> {
  const row = await requireType(tx, kind, code);
  const field = BODY_FIELD[kind];
  if (input.id !== undefined && input.id !== row.id) throw new BadRequest(`${field}.id does not match ${KIND_LABEL[kind]} '${row.code}'`);
  if (input.code !== row.code) throw new BadRequest(`${field}.code cannot be changed after creation (it is '${row.code}')`);
  const properties = await resolveProperties(tx, input.properties);
  const acceptance = await resolveAcceptance(tx, kind, row, input);
  await repo.updateType(tx.trx, row.id, { name: input.name, layout: input.layout, allowed_at_root: input.allowedAtRoot });
  await repo.setAcceptance(tx.trx, tx.tenantId, row.id, acceptance);
  await repo.setTypeProperties(tx.trx, tx.tenantId, row.id, properties);
  return getType(tx, kind, row.code);
}

/** "12 containers (3 of them in the trash)", and what to do about them: "delete them first, those in the trash for good". */
function describeItems(kind: TypeKind, { items, trashed }: TypeUsage): { users: string; advice: string } {
  const them = items === 1 ? "it" : "them";
  const counted = `${items} ${kind}${items === 1 ? "" : "s"}`;
  if (trashed === 0) return { users: counted, advice: `delete ${them} first` };
  if (trashed === items) {
    return { users: `${counted} (${items === 1 ? "" : "all "}in the trash)`, advice: `delete ${them} for good from the trash first` };
  }
  return { users: `${counted} (${trashed} of them in the trash)`, advice: `delete them first, those in the trash for good` };
}

export async function deleteType(tx: Tx, kind: TypeKind, code: string, content: ContentUsagePort): Promise<void> {
  const row = await requireType(tx, kind, code);
  const referrers = await repo.acceptanceReferrers(tx.trx, row.id);
  const referencing = kind === "container" ? await propertiesReferencingType(tx.trx, row.code) : [];
  const usage = await content.typeUsage(tx.trx, kind, row.id);
  const items = usage.items > 0 ? describeItems(kind, usage) : undefined;
  const users = [
    ...referrers.map((referrer) => `the acceptance list of ${KIND_LABEL[referrer.kind]} '${referrer.code}'`),
    ...referencing.map((key) => `reference property '${key}'`),
    ...(items ? [items.users] : []),
  ];
  if (users.length > 0) {
    const message = inUseMessage(`${capitalised(kind)} '${row.code}'`, users);
    throw new Conflict(items ? `${message}; ${items.advice}` : message);
  }
  await repo.deleteType(tx.trx, row.id);
}

/** Whether `parent` (null: the root) accepts a new child of type `child`; the content area checks creations with it. */
export async function acceptsChild(
  tx: ReadTx,
  parent: { kind: "container"; code: string } | null,
  child: { kind: TypeKind; code: string },
): Promise<boolean> {
  const childRow = await repo.findType(tx.trx, child.kind, child.code);
  if (!childRow) return false;
  if (parent === null) return child.kind === "container" && childRow.allowed_at_root;
  const parentRow = await repo.findType(tx.trx, parent.kind, parent.code);
  if (!parentRow) return false;
  const list = acceptanceCodes(child.kind === "container" ? parentRow.container_acceptance : parentRow.datastream_acceptance);
  return list.length === 0 || list.includes(child.code);
}

/** Removes a type that import has just created, before anything refers to it. */
export async function discardType(tx: Tx, kind: TypeKind, code: string): Promise<void> {
  const row = await requireType(tx, kind, code);
  await repo.deleteType(tx.trx, row.id);
}

/** Why the type's acceptance lists cannot be set as they are, if they cannot; writes nothing. */
export async function missingAcceptance(tx: Tx, kind: TypeKind, input: TypeInput): Promise<string | undefined> {
  const row = await requireType(tx, kind, input.code);
  try {
    await resolveAcceptance(tx, kind, row, input);
    return undefined;
  } catch (error) {
    if (error instanceof BadRequest) return error.message;
    throw error;
  }
}
