// Property namespaces: a code unique per tenant and fixed once created; a namespace in use cannot be deleted.
import type { ContentModelListQuery, Namespace, NamespaceCreateBody, NamespaceUpdateBody, Page } from "@repox/contracts";
import { toPage } from "@repox/contracts";
import { BadRequest, Conflict, NotFound } from "../../platform/errors.ts";
import * as repo from "./namespaces.repository.ts";
import { inUseMessage, pagingOf, type Tx } from "./shared.ts";

const toNamespace = (row: repo.NamespaceRow): Namespace => ({
  id: row.id,
  code: row.code,
  name: row.name,
  prefix: row.prefix,
  url: row.url,
});

async function requireNamespace({ trx }: Tx, code: string): Promise<repo.NamespaceRow> {
  const row = await repo.findNamespace(trx, code);
  if (!row) throw new NotFound(`Namespace '${code}' not found`);
  return row;
}

export async function listNamespaces({ trx }: Tx, query: ContentModelListQuery): Promise<Page<Namespace>> {
  const paging = pagingOf(query);
  const [rows, total] = await Promise.all([repo.listNamespaces(trx, paging), repo.countNamespaces(trx, paging.search)]);
  return toPage(rows.map(toNamespace), total, query);
}

export async function allNamespaces({ trx }: Tx): Promise<Namespace[]> {
  return (await repo.listNamespaces(trx)).map(toNamespace);
}

export async function getNamespace(tx: Tx, code: string): Promise<Namespace> {
  return toNamespace(await requireNamespace(tx, code));
}

export async function findNamespace({ trx }: Tx, code: string): Promise<Namespace | undefined> {
  const row = await repo.findNamespace(trx, code);
  return row && toNamespace(row);
}

export async function createNamespace(tx: Tx, body: NamespaceCreateBody): Promise<Namespace> {
  const clash = await repo.findNamespace(tx.trx, body.code);
  if (clash) throw new Conflict(`A namespace with code '${clash.code}' already exists`);
  await repo.insertNamespace(tx.trx, tx.tenantId, { code: body.code, name: body.name, prefix: body.prefix, url: body.url });
  return getNamespace(tx, body.code);
}

export async function updateNamespace(tx: Tx, code: string, body: NamespaceUpdateBody): Promise<Namespace> {
  const row = await requireNamespace(tx, code);
  if (body.id !== undefined && body.id !== row.id) throw new BadRequest(`id does not match namespace '${row.code}'`);
  if (body.code !== undefined && body.code.trim() !== row.code) {
    throw new BadRequest(`code cannot be changed after creation (it is '${row.code}')`);
  }
  await repo.updateNamespace(tx.trx, row.id, { name: body.name, prefix: body.prefix, url: body.url });
  return getNamespace(tx, row.code);
}

export async function deleteNamespace(tx: Tx, code: string): Promise<void> {
  const row = await requireNamespace(tx, code);
  const properties = await repo.propertiesInNamespace(tx.trx, row.id);
  if (properties.length > 0) {
    throw new Conflict(
      inUseMessage(
        `Namespace '${row.code}'`,
        properties.map((key) => `property '${key}'`),
      ),
    );
  }
  await repo.deleteNamespace(tx.trx, row.id);
}
