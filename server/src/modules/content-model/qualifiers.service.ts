// Property qualifiers (for example a language with ISO 639-1 values): a key fixed once created, details checked
// for the qualifier's type; a qualifier carried by a property cannot be deleted.
import {
  type ContentModelListQuery,
  type Page,
  type PropertyQualifierDefinition,
  parseQualifierDetails,
  type Qualifier,
  type QualifierCreateBody,
  type QualifierType,
  type QualifierUpdateBody,
  toPage,
} from "@repox/contracts";
import { BadRequest, Conflict, NotFound } from "../../platform/errors.ts";
import * as repo from "./qualifiers.repository.ts";
import { inUseMessage, pagingOf, type ReadTx, type Tx } from "./shared.ts";

const toQualifier = (row: repo.QualifierRow): Qualifier => ({
  id: row.id,
  qualifierKey: row.qualifier_key,
  qualifierName: row.qualifier_name,
  qualifierType: row.qualifier_type as QualifierType,
  qualifierDetails: row.qualifier_details,
  description: row.description,
  externalSource: row.external_source,
});

async function requireQualifier({ trx }: Tx, key: string): Promise<repo.QualifierRow> {
  const row = await repo.findQualifier(trx, key);
  if (!row) throw new NotFound(`Qualifier '${key}' not found`);
  return row;
}

/** The details as stored: checked for the type and written back in one canonical form. */
function canonicalDetails(type: QualifierType, detailsJson: string): string {
  const parsed = parseQualifierDetails(type, detailsJson);
  if (!parsed.ok) throw new BadRequest(parsed.message);
  return JSON.stringify(parsed.details);
}

type QualifierFields = Omit<QualifierCreateBody, "qualifierKey">;

function toFields(body: QualifierFields): Omit<repo.QualifierFields, "qualifier_key"> {
  return {
    qualifier_name: body.qualifierName,
    qualifier_type: body.qualifierType,
    qualifier_details: canonicalDetails(body.qualifierType, body.qualifierDetails),
    description: body.description,
    external_source: body.externalSource,
  };
}

export async function listQualifiers({ trx }: Tx, query: ContentModelListQuery): Promise<Page<Qualifier>> {
  const paging = pagingOf(query);
  const [rows, total] = await Promise.all([repo.listQualifiers(trx, paging), repo.countQualifiers(trx, paging.search)]);
  return toPage(rows.map(toQualifier), total, query);
}

export async function allQualifiers({ trx }: Tx): Promise<Qualifier[]> {
  return (await repo.listQualifiers(trx)).map(toQualifier);
}

export async function getQualifier(tx: Tx, key: string): Promise<Qualifier> {
  return toQualifier(await requireQualifier(tx, key));
}

export async function findQualifier({ trx }: Tx, key: string): Promise<Qualifier | undefined> {
  const row = await repo.findQualifier(trx, key);
  return row && toQualifier(row);
}

/** The qualifiers with these keys as the property value checks take them; details were checked when stored. */
export async function qualifierDefinitions({ trx }: ReadTx, keys: readonly string[]): Promise<PropertyQualifierDefinition[]> {
  return (await repo.findQualifiers(trx, keys)).map((row) => {
    const type = row.qualifier_type as QualifierType;
    const parsed = parseQualifierDetails(type, row.qualifier_details);
    return { qualifierKey: row.qualifier_key, qualifierType: type, values: parsed.ok ? parsed.details.values : [] };
  });
}

export async function createQualifier(tx: Tx, body: QualifierCreateBody): Promise<Qualifier> {
  const fields = toFields(body);
  const clash = await repo.findQualifier(tx.trx, body.qualifierKey);
  if (clash) throw new Conflict(`A qualifier with key '${clash.qualifier_key}' already exists`);
  await repo.insertQualifier(tx.trx, tx.tenantId, { qualifier_key: body.qualifierKey, ...fields });
  return getQualifier(tx, body.qualifierKey);
}

export async function updateQualifier(tx: Tx, key: string, body: QualifierUpdateBody): Promise<Qualifier> {
  const row = await requireQualifier(tx, key);
  if (body.id !== undefined && body.id !== row.id) throw new BadRequest(`id does not match qualifier '${row.qualifier_key}'`);
  if (body.qualifierKey !== undefined && body.qualifierKey.trim() !== row.qualifier_key) {
    throw new BadRequest(`qualifierKey cannot be changed after creation (it is '${row.qualifier_key}')`);
  }
  await repo.updateQualifier(tx.trx, row.id, toFields(body));
  return getQualifier(tx, row.qualifier_key);
}

export async function deleteQualifier(tx: Tx, key: string): Promise<void> {
  const row = await requireQualifier(tx, key);
  const properties = await repo.propertiesWithQualifier(tx.trx, row.id);
  if (properties.length > 0) {
    throw new Conflict(
      inUseMessage(
        `Qualifier '${row.qualifier_key}'`,
        properties.map((propertyKey) => `property '${propertyKey}'`),
      ),
    );
  }
  await repo.deleteQualifier(tx.trx, row.id);
}
