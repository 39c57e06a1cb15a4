// Property groups: named sections of the property editor; a group holding properties cannot be deleted.
import {
  type ContentModelListQuery,
  type Page,
  type PropertyGroup,
  type PropertyGroupCreateBody,
  type PropertyGroupUpdateBody,
  toPage,
} from "@repox/contracts";
import { BadRequest, Conflict, NotFound } from "../../platform/errors.ts";
import * as repo from "./groups.repository.ts";
import { inUseMessage, KIND_LABEL, pagingOf, type Tx } from "./shared.ts";

const toGroup = (row: repo.GroupRow): PropertyGroup => ({ id: row.id, name: row.name, description: row.description });

async function requireGroup({ trx }: Tx, id: number): Promise<repo.GroupRow> {
  const row = await repo.getGroup(trx, id);
  if (!row) throw new NotFound(`Property group ${id} not found`);
  return row;
}

async function assertNameFree({ trx }: Tx, name: string, exceptId?: number): Promise<void> {
  const clash = await repo.findGroupByName(trx, name);
  if (clash && clash.id !== exceptId) throw new Conflict(`A property group named '${clash.name}' already exists`);
}

export async function listGroups({ trx }: Tx, query: ContentModelListQuery): Promise<Page<PropertyGroup>> {
  const paging = pagingOf(query);
  const [rows, total] = await Promise.all([repo.listGroups(trx, paging), repo.countGroups(trx, paging.search)]);
  return toPage(rows.map(toGroup), total, query);
}

export async function allGroups({ trx }: Tx): Promise<PropertyGroup[]> {
  return (await repo.listGroups(trx)).map(toGroup);
}

export async function getGroup(tx: Tx, id: number): Promise<PropertyGroup> {
  return toGroup(await requireGroup(tx, id));
}

export async function findGroupByName({ trx }: Tx, name: string): Promise<PropertyGroup | undefined> {
  const row = await repo.findGroupByName(trx, name);
  return row && toGroup(row);
}

/** The first of these ids naming no group, if any. */
export async function firstMissingGroup({ trx }: Tx, ids: readonly number[]): Promise<number | undefined> {
  const existing = new Set(await repo.findExistingGroupIds(trx, [...new Set(ids)]));
  return ids.find((id) => !existing.has(id));
}

export async function createGroup(tx: Tx, body: PropertyGroupCreateBody): Promise<PropertyGroup> {
  await assertNameFree(tx, body.name);
  const id = await repo.insertGroup(tx.trx, tx.tenantId, { name: body.name, description: body.description });
  return getGroup(tx, id);
}

export async function updateGroup(tx: Tx, id: number, body: PropertyGroupUpdateBody): Promise<PropertyGroup> {
  if (body.id !== undefined && body.id !== id) throw new BadRequest("id in the body does not match the path");
  await requireGroup(tx, id);
  await assertNameFree(tx, body.name, id);
  await repo.updateGroup(tx.trx, id, { name: body.name, description: body.description });
  return getGroup(tx, id);
}

export async function deleteGroup(tx: Tx, id: number): Promise<void> {
  const row = await requireGroup(tx, id);
  const users = await repo.groupUsers(tx.trx, id);
  const names = [
    ...users.properties.map((key) => `property '${key}'`),
    ...users.types.map((use) => `${KIND_LABEL[use.kind]} '${use.code}' (property '${use.propertyKey}')`),
  ];
  if (names.length > 0) throw new Conflict(inUseMessage(`Property group '${row.name}'`, names));
  await repo.deleteGroup(tx.trx, id);
}
