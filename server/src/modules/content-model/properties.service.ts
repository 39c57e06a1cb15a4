// Properties: the fields types carry. The key is fixed once created; details are checked for the type (choices,
// the referenced container types, the vocabulary); only language-aware types take qualifiers; a property in use
// can neither change its type nor be deleted.
import {
  type ContentModelUsages,
  LANGUAGE_AWARE_TYPES,
  type Page,
  type Property,
  type PropertyCreateBody,
  type PropertyListQuery,
  type PropertyTypeCode,
  type PropertyUpdateBody,
  type PropertyUsages,
  parsePropertyDetails,
  type ReferenceDetails,
  toPage,
  type VocabularyContentModelUsages,
  type VocabularyDetails,
} from "@repox/contracts";
import { BadRequest, Conflict, NotFound } from "../../platform/errors.ts";
import { firstMissingGroup } from "./groups.service.ts";
import { findNamespace } from "./namespaces.repository.ts";
import type { ContentModelDeps, ContentUsagePort } from "./ports.ts";
import * as repo from "./properties.repository.ts";
import { findQualifiers } from "./qualifiers.repository.ts";
import { KIND_LABEL, listOfUsers, pagingOf, type ReadTx, type Tx, type TypeKind } from "./shared.ts";
import { findTypeIds } from "./types.repository.ts";

export const toProperty = (row: repo.PropertyRow): Property => ({
  id: row.id,
  propertyKey: row.property_key,
  displayName: row.display_name,
  propertyType: row.property_type as PropertyTypeCode,
  propertyDetails: row.property_details,
  description: row.description,
  namespace: row.namespace,
  qualifiers: row.qualifiers,
  mandatory: row.mandatory,
  editable: row.editable,
  repeatable: row.repeatable,
  groupId: row.group_id,
  position: row.position,
});

export type PropertyInput = Omit<PropertyCreateBody, "propertyKey">;

/** Import checks reference details against the container types of its file too, which it creates later. */
export type PropertyCheckOptions = { pendingContainerTypes?: ReadonlySet<string> };

const LANGUAGE_AWARE_LIST = [...LANGUAGE_AWARE_TYPES].join(", ");

async function requireProperty({ trx }: Tx, key: string): Promise<repo.PropertyRow> {
  const row = await repo.findProperty(trx, key);
  if (!row) throw new NotFound(`Property '${key}' not found`);
  return row;
}

async function checkDetails(tx: Tx, input: PropertyInput, deps: ContentModelDeps, options: PropertyCheckOptions): Promise<string> {
  const parsed = parsePropertyDetails(input.propertyType, input.propertyDetails);
  if (!parsed.ok) throw new BadRequest(parsed.message);
  if (input.propertyType === "reference") {
    const codes = (parsed.details as ReferenceDetails).containerTypes;
    const existing = await findTypeIds(tx.trx, "container", codes);
    const missing = codes.find((code) => !existing.has(code) && !options.pendingContainerTypes?.has(code));
    if (missing !== undefined) throw new BadRequest(`propertyDetails.containerTypes: no container type with code '${missing}'`);
  }
  if (input.propertyType === "vocabulary-flat") {
    const { vocabularyId } = parsed.details as VocabularyDetails;
    if (!(await deps.vocabularies.exists(tx.trx, vocabularyId))) {
      throw new BadRequest(`propertyDetails.vocabularyId: no vocabulary with id '${vocabularyId}'`);
    }
  }
  return JSON.stringify(parsed.details);
}

async function qualifierIds(tx: Tx, type: PropertyTypeCode, keys: readonly string[]): Promise<number[]> {
  const wanted = [...new Map(keys.map((key) => [key.toLowerCase(), key])).values()].filter((key) => key !== "");
  if (wanted.length === 0) return [];
  if (!LANGUAGE_AWARE_TYPES.has(type)) {
    throw new BadRequest(`qualifiers: a ${type} property cannot have qualifiers; only language-aware types (${LANGUAGE_AWARE_LIST}) can`);
  }
  const rows = new Map((await findQualifiers(tx.trx, wanted)).map((row) => [row.qualifier_key.toLowerCase(), row.id]));
  return wanted.map((key) => {
    const id = rows.get(key.toLowerCase());
    if (id === undefined) throw new BadRequest(`qualifiers: no qualifier with key '${key}'`);
    return id;
  });
}

/** Checks every reference of the input and answers the row fields and qualifier ids to store. */
async function resolve(
  tx: Tx,
  input: PropertyInput,
  deps: ContentModelDeps,
  options: PropertyCheckOptions,
): Promise<{ fields: repo.PropertyFields; qualifiers: number[] }> {
  const details = await checkDetails(tx, input, deps, options);
  const namespaceCode = input.namespace?.trim() || null;
  const namespace = namespaceCode === null ? undefined : await findNamespace(tx.trx, namespaceCode);
  if (namespaceCode !== null && !namespace) throw new BadRequest(`namespace: no namespace with code '${namespaceCode}'`);
  const qualifiers = await qualifierIds(tx, input.propertyType, input.qualifiers);
  if (input.groupId !== null && (await firstMissingGroup(tx, [input.groupId])) !== undefined) {
    throw new BadRequest(`groupId: no property group with id ${input.groupId}`);
  }
  return {
    fields: {
      display_name: input.displayName,
      property_type: input.propertyType,
      property_details: details,
      description: input.description,
      namespace_id: namespace?.id ?? null,
      group_id: input.groupId,
      mandatory: input.mandatory,
      editable: input.editable,
      repeatable: input.repeatable,
      position: input.position,
    },
    qualifiers,
  };
}

function contentUsers(usages: PropertyUsages): string[] {
  const count = (n: number, what: string) => (n === 1 ? `1 ${what}` : `${n} ${what}s`);
  return [
    ...(usages.containers.length > 0 ? [count(usages.containers.length, "container")] : []),
    ...(usages.datastreams.length > 0 ? [count(usages.datastreams.length, "datastream")] : []),
  ];
}

/** Types carrying the property and content holding its values, as a person reads them. */
async function usersOf(tx: Tx, row: repo.PropertyRow, content: ContentUsagePort): Promise<string[]> {
  const types = await repo.typesWithProperty(tx.trx, row.id);
  const usages = await content.propertyUsages(tx.trx, row.property_key);
  return [...types.map((type) => `${KIND_LABEL[type.kind]} '${type.code}'`), ...contentUsers(usages)];
}

export async function listProperties({ trx }: Tx, query: PropertyListQuery): Promise<Page<Property>> {
  const paging = { ...pagingOf(query), propertyType: query.propertyType };
  const [rows, total] = await Promise.all([repo.listProperties(trx, paging), repo.countProperties(trx, paging)]);
  return toPage(rows.map(toProperty), total, query);
}

export async function allProperties({ trx }: Tx): Promise<Property[]> {
  return (await repo.listProperties(trx)).map(toProperty);
}

export async function getProperty(tx: Tx, key: string): Promise<Property> {
  return toProperty(await requireProperty(tx, key));
}

export async function findProperty({ trx }: ReadTx, key: string): Promise<Property | undefined> {
  const row = await repo.findProperty(trx, key);
  return row && toProperty(row);
}

export async function createProperty(
  tx: Tx,
  body: PropertyCreateBody,
  deps: ContentModelDeps,
  options: PropertyCheckOptions = {},
): Promise<Property> {
  if (await repo.findProperty(tx.trx, body.propertyKey)) throw new Conflict(`A property with key '${body.propertyKey}' already exists`);
  const { fields, qualifiers } = await resolve(tx, body, deps, options);
  const id = await repo.insertProperty(tx.trx, tx.tenantId, body.propertyKey, fields);
  await repo.setPropertyQualifiers(tx.trx, tx.tenantId, id, qualifiers);
  return getProperty(tx, body.propertyKey);
}

export async function updateProperty(tx: Tx, key: string, body: PropertyUpdateBody, deps: ContentModelDeps): Promise<Property> {
  const row = await requireProperty(tx, key);
  if (body.id !== undefined && body.id !== row.id) throw new BadRequest(`id does not match property '${key}'`);
  if (body.propertyKey !== undefined && body.propertyKey.trim() !== row.property_key) {
    throw new BadRequest(`propertyKey cannot be changed after creation (it is '${row.property_key}')`);
  }
  if (body.propertyType !== row.property_type) {
    const users = await usersOf(tx, row, deps.content);
    if (users.length > 0) {
      throw new Conflict(
        `The type of property '${key}' cannot change from ${row.property_type} to ${body.propertyType} while it is in use by ${listOfUsers(users)}`,
      );
    }
  }
  const { fields, qualifiers } = await resolve(tx, body, deps, {});
  await repo.updateProperty(tx.trx, row.id, fields);
  await repo.setPropertyQualifiers(tx.trx, tx.tenantId, row.id, qualifiers);
  return getProperty(tx, key);
}

export async function deleteProperty(tx: Tx, key: string, deps: ContentModelDeps): Promise<void> {
  const row = await requireProperty(tx, key);
  const users = await usersOf(tx, row, deps.content);
  if (users.length > 0) throw new Conflict(`Property '${key}' is in use by ${listOfUsers(users)}`);
  await repo.deleteProperty(tx.trx, row.id);
}

export async function propertyUsages(tx: Tx, key: string, deps: ContentModelDeps): Promise<PropertyUsages> {
  const row = await requireProperty(tx, key);
  return deps.content.propertyUsages(tx.trx, row.property_key);
}

function byKind(types: readonly { kind: TypeKind; code: string; name: string }[]): ContentModelUsages {
  const pick = (kind: TypeKind) => types.filter((type) => type.kind === kind).map((type) => ({ code: type.code, name: type.name }));
  return { containerTypes: pick("container"), datastreamTypes: pick("datastream") };
}

export async function contentModelUsages(tx: Tx, key: string): Promise<ContentModelUsages> {
  const row = await requireProperty(tx, key);
  return byKind(await repo.typesWithProperty(tx.trx, row.id));
}

/** Vocabulary-flat properties drawing on a vocabulary, and the types carrying them (for the vocabularies area). */
export async function vocabularyUsages({ trx }: ReadTx, vocabularyId: string): Promise<VocabularyContentModelUsages> {
  const properties = await repo.propertiesUsingVocabulary(trx, vocabularyId);
  const types = await repo.typesWithProperties(
    trx,
    properties.map((property) => property.id),
  );
  return {
    properties: properties.map((property) => ({ propertyKey: property.propertyKey, displayName: property.displayName })),
    ...byKind(types),
  };
}

/** The first container type a reference property names that does not exist (import checks this last). */
export async function missingReferencedType(tx: Tx, key: string): Promise<string | undefined> {
  const row = await requireProperty(tx, key);
  const parsed = parsePropertyDetails("reference", row.property_details);
  if (!parsed.ok) return undefined;
  const codes = (parsed.details as ReferenceDetails).containerTypes;
  const existing = await findTypeIds(tx.trx, "container", codes);
  return codes.find((code) => !existing.has(code));
}
