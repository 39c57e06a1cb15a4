// The rules for property values of a container or a datastream (spec 1 §3, §5): each entry names a property of the
// object's type and holds a value validatePropertyValue accepts; a property that is not repeatable takes one value;
// terms and referenced containers must exist; an enum qualifier takes one of its values; mandatory properties must hold
// a value; on update, properties that are not editable keep their value. Datastreams use the same functions with their
// own type's properties.
import {
  type ContentProperty,
  isEmptyPropertyValue,
  type Property,
  type PropertyQualifierDefinition,
  type PropertyValue,
  type PropertyValueInput,
  type PropertyValueReferences,
  validatePropertyValue,
} from "@repox/contracts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { BadRequest } from "../../platform/errors.ts";
import type { ContentModelService } from "../content-model/service.ts";
import type { VocabularyTermsPort } from "../vocabularies/content-port.ts";
import type { StoredValue } from "./property-values.repository.ts";
import { findContainers } from "./repository.ts";

/** Spec 1 §5 and §8, word for word. */
export const REQUIRED_FIELDS_MESSAGE = "There are required fields need to be filled in order to save";

export type PropertyValueDeps = { vocabularyTerms: VocabularyTermsPort; contentModel: Pick<ContentModelService, "within"> };

export type PropertyValuesInput = {
  /** How messages name the type: "container type 'Book'". */
  subject: string;
  /** The type's properties with the type's own flags (content-model `listPropertiesOfType`). */
  properties: readonly Property[];
  inputs: readonly PropertyValueInput[];
  /** The values stored now; given on update, so properties that are not editable keep theirs. */
  stored?: readonly StoredValue[];
};

/** What to store: the rows of the type's properties (`keys`), replacing whatever those properties held. */
export type CheckedValues = { keys: string[]; rows: StoredValue[] };

type Instance = { property: Property; value: PropertyValue; references: PropertyValueReferences };

const nameOf = (property: Property) => property.displayName.trim() || property.propertyKey;

/** JSON with object keys sorted, so a value read back from jsonb compares equal to the same value submitted. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const entries = Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Each entry's property and normalised value, in order; empty entries are dropped. */
function validateEntries(
  subject: string,
  byKey: ReadonlyMap<string, Property>,
  inputs: readonly PropertyValueInput[],
  qualifierDefinitions: readonly PropertyQualifierDefinition[],
): Instance[] {
  const instances: Instance[] = [];
  const counts = new Map<string, number>();
  inputs.forEach((input, index) => {
    const property = byKey.get(input.key);
    if (!property) throw new BadRequest(`properties.${index}.key: '${input.key}' is not a property of ${subject}`);
    if (isEmptyPropertyValue(input.value, property.propertyType)) return;
    const count = (counts.get(property.propertyKey) ?? 0) + 1;
    counts.set(property.propertyKey, count);
    if (count > 1 && !property.repeatable) throw new BadRequest(`${nameOf(property)}: is not repeatable, so it takes one value`);
    const result = validatePropertyValue(
      {
        propertyKey: property.propertyKey,
        displayName: property.displayName,
        propertyType: property.propertyType,
        propertyDetails: property.propertyDetails,
        qualifiers: property.qualifiers,
        qualifierDefinitions,
      },
      input.value,
    );
    if (!result.ok) throw new BadRequest(result.message);
    if (result.value) instances.push({ property, value: result.value, references: result.references });
  });
  return instances;
}

/** The definitions of the qualifiers the given properties allow; none read when no such property is given a value. */
function qualifierDefinitionsOf(
  trx: Trx,
  deps: PropertyValueDeps,
  byKey: ReadonlyMap<string, Property>,
  inputs: readonly PropertyValueInput[],
): Promise<PropertyQualifierDefinition[]> {
  const keys = new Set(inputs.flatMap((input) => byKey.get(input.key)?.qualifiers ?? []));
  if (keys.size === 0) return Promise.resolve([]);
  return deps.contentModel.within(trx).qualifierDefinitions([...keys]);
}

async function checkTerms(trx: Trx, deps: PropertyValueDeps, instances: readonly Instance[]): Promise<void> {
  for (const { property, references } of instances) {
    if (references.vocabularyId === null || references.termIds.length === 0) continue;
    const missing = await deps.vocabularyTerms.missingTermIds(trx, references.vocabularyId, references.termIds);
    if (missing.length > 0) throw new BadRequest(`${nameOf(property)}: '${missing[0]}' is not a term of its vocabulary`);
  }
}

async function checkReferences(trx: Trx, instances: readonly Instance[]): Promise<void> {
  const wanted = [...new Set(instances.flatMap((instance) => instance.references.containerUuids))];
  const found = new Map((await findContainers(trx, wanted)).map((row) => [row.id, row]));
  for (const { property, references } of instances) {
    const accepted = references.containerTypes.map((code) => code.toLowerCase());
    for (const uuid of references.containerUuids) {
      const container = found.get(uuid);
      if (!container) throw new BadRequest(`${nameOf(property)}: no container with id '${uuid}'`);
      if (accepted.length > 0 && !accepted.includes(container.type_code)) {
        throw new BadRequest(
          `${nameOf(property)}: '${container.label}' is a container of type '${container.type_code}'; this property takes ${accepted.map((code) => `'${code}'`).join(", ")}`,
        );
      }
    }
  }
}

/** Properties that are not editable keep their stored values; sent again unchanged they are accepted. */
function keepLockedValues(
  properties: readonly Property[],
  inputs: readonly PropertyValueInput[],
  rows: StoredValue[],
  stored: readonly StoredValue[],
) {
  const sentKeys = new Set(inputs.map((input) => input.key));
  const changed: string[] = [];
  const kept: StoredValue[] = [];
  for (const property of properties.filter((candidate) => !candidate.editable)) {
    const before = stored.filter((row) => row.property_key === property.propertyKey);
    const after = rows.filter((row) => row.property_key === property.propertyKey);
    const isSame = canonical(before.map((row) => row.value)) === canonical(after.map((row) => row.value));
    if (sentKeys.has(property.propertyKey) && !isSame) changed.push(nameOf(property));
    kept.push(...before);
  }
  if (changed.length > 0) throw new BadRequest(`These properties cannot be changed: ${changed.join(", ")}`);
  const locked = new Set(properties.filter((property) => !property.editable).map((property) => property.propertyKey));
  return [...rows.filter((row) => !locked.has(row.property_key)), ...kept];
}

/**
 * Checks a create (no `stored`) or an update (a full replacement) of an object's property values and answers what to
 * store. Throws BadRequest naming the property; an empty mandatory property answers REQUIRED_FIELDS_MESSAGE.
 */
export async function checkPropertyValues(trx: Trx, deps: PropertyValueDeps, input: PropertyValuesInput): Promise<CheckedValues> {
  const byKey = new Map(input.properties.map((property) => [property.propertyKey, property]));
  const definitions = await qualifierDefinitionsOf(trx, deps, byKey, input.inputs);
  const instances = validateEntries(input.subject, byKey, input.inputs, definitions);
  await checkTerms(trx, deps, instances);
  await checkReferences(trx, instances);

  const positions = new Map<string, number>();
  let rows: StoredValue[] = instances.map(({ property, value }) => {
    const position = positions.get(property.propertyKey) ?? 0;
    positions.set(property.propertyKey, position + 1);
    return { property_key: property.propertyKey, position, value };
  });
  if (input.stored) rows = keepLockedValues(input.properties, input.inputs, rows, input.stored);

  const filled = new Set(rows.map((row) => row.property_key));
  if (input.properties.some((property) => property.mandatory && !filled.has(property.propertyKey))) {
    throw new BadRequest(REQUIRED_FIELDS_MESSAGE);
  }
  return { keys: [...byKey.keys()], rows };
}

/** Display names of the properties whose values differ between two sets of rows (for the activity log). */
export function changedPropertyNames(
  properties: readonly Property[],
  before: readonly StoredValue[],
  after: readonly StoredValue[],
): string[] {
  const text = (rows: readonly StoredValue[], key: string) =>
    canonical(rows.filter((row) => row.property_key === key).map((row) => row.value));
  return properties.filter((property) => text(before, property.propertyKey) !== text(after, property.propertyKey)).map(nameOf);
}

/** Every property of the type in the type's order: each stored instance, or one empty entry. */
export function toContentProperties(properties: readonly Property[], stored: readonly StoredValue[]): ContentProperty[] {
  return properties.flatMap((property) => {
    const held = stored.filter((row) => row.property_key === property.propertyKey).sort((a, b) => a.position - b.position);
    const entry = (value: string | null, instance: number): ContentProperty => ({
      key: property.propertyKey,
      value,
      id: property.id,
      label: property.displayName,
      propertyType: property.propertyType,
      groupId: property.groupId,
      position: property.position,
      instance,
      mandatory: property.mandatory,
      editable: property.editable,
      repeatable: property.repeatable,
    });
    if (held.length === 0) return [entry(null, 0)];
    return held.map((row, instance) => entry(JSON.stringify(row.value), instance));
  });
}
