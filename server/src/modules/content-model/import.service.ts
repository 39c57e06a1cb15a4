// Content-model import: loads a file written by export into the caller's tenant in one transaction. Items already
// there identically are skipped, items whose code is taken by something different are refused with the reason,
// the rest are created in dependency order; types get their acceptance lists once every type of the file exists.
import type {
  ContentModelFile,
  ContentModelFileContainerType,
  ContentModelFileDatastreamType,
  ContentModelFileProperty,
  ContentModelImportResult,
  ContentModelItem,
  PropertyCreateBody,
} from "@repox/contracts";
import { BadRequest, Conflict, HttpError } from "../../platform/errors.ts";
import {
  comparableProperty,
  comparableQualifier,
  comparableType,
  differingFields,
  type GroupNames,
  groupNamesOf,
  toFileContainerType,
  toFileDatastreamType,
  toFileGroup,
  toFileNamespace,
  toFileProperty,
  toFileQualifier,
} from "./file-items.ts";
import { allGroups, createGroup, findGroupByName } from "./groups.service.ts";
import { createNamespace, findNamespace } from "./namespaces.service.ts";
import type { ContentModelDeps } from "./ports.ts";
import { createProperty, findProperty, missingReferencedType } from "./properties.service.ts";
import { createQualifier, findQualifier } from "./qualifiers.service.ts";
import { KIND_LABEL, type Tx, type TypeKind } from "./shared.ts";
import { withSavepoint } from "./transfer.repository.ts";
import { createType, discardType, findType, missingAcceptance, setTypeAcceptance, type TypeInput } from "./types.service.ts";

type Outcome = "created" | "skipped";
type FileType = ContentModelFileContainerType | ContentModelFileDatastreamType;

/** Skipped when equal; otherwise refused, naming the fields that differ. */
function sameOrRefuse<T extends object>(what: string, existing: T, incoming: T): Outcome {
  const differing = differingFields(existing, incoming);
  if (differing.length === 0) return "skipped";
  throw new Conflict(`A different ${what} exists already (it differs in ${differing.join(", ")})`);
}

function groupIdOf(groupsByName: ReadonlyMap<string, number>, name: string | null, field: string): number | null {
  if (name === null) return null;
  const id = groupsByName.get(name.toLowerCase());
  if (id === undefined) throw new BadRequest(`${field}: no property group named '${name}'`);
  return id;
}

/** Vocabulary-flat details name the vocabulary by the exporting tenant's uuid: use this tenant's uuid instead. */
function withLocalVocabulary(property: ContentModelFileProperty, vocabularyIds: ReadonlyMap<string, string>): ContentModelFileProperty {
  if (property.propertyType !== "vocabulary-flat") return property;
  try {
    const details = JSON.parse(property.propertyDetails) as { vocabularyId?: unknown };
    const local = typeof details.vocabularyId === "string" ? vocabularyIds.get(details.vocabularyId) : undefined;
    return local ? { ...property, propertyDetails: JSON.stringify({ ...details, vocabularyId: local }) } : property;
  } catch {
    return property;
  }
}

function typeInputOf(kind: TypeKind, type: FileType, groupsByName: ReadonlyMap<string, number>): TypeInput {
  const container = kind === "container" ? (type as ContentModelFileContainerType) : undefined;
  return {
    code: type.code,
    name: type.name,
    layout: type.layout,
    containerAcceptance: container?.containerAcceptance ?? "",
    datastreamAcceptance: type.datastreamAcceptance,
    allowedAtRoot: container?.allowedAtRoot ?? false,
    properties: type.properties.map((property, index) => ({
      propertyKey: property.propertyKey,
      groupId: groupIdOf(groupsByName, property.group, `properties.${index}.group`),
      position: property.position,
      mandatory: property.mandatory,
      editable: property.editable,
      repeatable: property.repeatable,
    })),
  };
}

export async function importContentModel(tx: Tx, file: ContentModelFile, deps: ContentModelDeps): Promise<ContentModelImportResult> {
  const result: ContentModelImportResult = { created: [], skipped: [], refused: [] };

  async function attempt(item: ContentModelItem, work: () => Promise<Outcome>): Promise<boolean> {
    try {
      result[await withSavepoint(tx.trx, work)].push(item);
      return true;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      result.refused.push({ item, reason: error.message });
      return false;
    }
  }

  for (const namespace of file.namespaces ?? []) {
    await attempt({ kind: "namespace", code: namespace.code }, async () => {
      const existing = await findNamespace(tx, namespace.code);
      if (existing) return sameOrRefuse("namespace", toFileNamespace(existing), namespace);
      await createNamespace(tx, namespace);
      return "created";
    });
  }

  for (const qualifier of file.qualifiers ?? []) {
    await attempt({ kind: "qualifier", code: qualifier.qualifierKey }, async () => {
      const existing = await findQualifier(tx, qualifier.qualifierKey);
      if (existing) return sameOrRefuse("qualifier", toFileQualifier(existing), comparableQualifier(qualifier));
      await createQualifier(tx, qualifier);
      return "created";
    });
  }

  for (const group of file.propertyGroups ?? []) {
    await attempt({ kind: "propertyGroup", code: group.name }, async () => {
      const existing = await findGroupByName(tx, group.name);
      if (existing) return sameOrRefuse("property group", toFileGroup(existing), group);
      await createGroup(tx, group);
      return "created";
    });
  }
  const groups = await allGroups(tx);
  const groupNames: GroupNames = groupNamesOf(groups);
  const groupsByName = new Map(groups.map((group) => [group.name.toLowerCase(), group.id]));

  const vocabularyIds = new Map<string, string>();
  for (const vocabulary of file.vocabularies ?? []) {
    await attempt({ kind: "vocabulary", code: vocabulary.name }, async () => {
      const outcome = await deps.vocabularies.importOne(tx.trx, tx.tenantId, vocabulary);
      if (outcome.outcome === "refused") throw new Conflict(outcome.reason);
      vocabularyIds.set(vocabulary.uuid, outcome.uuid);
      return outcome.outcome;
    });
  }

  const pendingContainerTypes = new Set((file.containerTypes ?? []).map((type) => type.code));
  const createdReferences: string[] = [];
  for (const fileProperty of file.properties ?? []) {
    await attempt({ kind: "property", code: fileProperty.propertyKey }, async () => {
      const property = withLocalVocabulary(fileProperty, vocabularyIds);
      const existing = await findProperty(tx, property.propertyKey);
      if (existing) return sameOrRefuse("property", toFileProperty(existing, groupNames), comparableProperty(property));
      const { group, ...fields } = property;
      const body: PropertyCreateBody = { ...fields, groupId: groupIdOf(groupsByName, group, "group") };
      await createProperty(tx, body, deps, { pendingContainerTypes });
      if (property.propertyType === "reference") createdReferences.push(property.propertyKey);
      return "created";
    });
  }

  const createdTypes: { kind: TypeKind; input: TypeInput }[] = [];
  const fileTypes: [TypeKind, FileType[]][] = [
    ["datastream", file.datastreamTypes ?? []],
    ["container", file.containerTypes ?? []],
  ];
  for (const [kind, types] of fileTypes) {
    for (const type of types) {
      await attempt({ kind: `${kind}Type`, code: type.code }, async () => {
        const input = typeInputOf(kind, type, groupsByName);
        const existing = await findType(tx, kind, type.code);
        if (existing) {
          const current = kind === "container" ? toFileContainerType(existing, groupNames) : toFileDatastreamType(existing, groupNames);
          return sameOrRefuse(KIND_LABEL[kind], comparableType(current), comparableType(type));
        }
        await createType(tx, kind, input, { withoutAcceptance: true });
        createdTypes.push({ kind, input });
        return "created";
      });
    }
  }

  // A created type whose acceptance list names a type that is neither in the tenant nor created goes back out;
  // that can strand another created type, so repeat until nothing changes.
  for (let changed = true; changed; ) {
    changed = false;
    for (const pending of [...createdTypes]) {
      const reason = await missingAcceptance(tx, pending.kind, pending.input);
      if (reason === undefined) continue;
      await discardType(tx, pending.kind, pending.input.code);
      createdTypes.splice(createdTypes.indexOf(pending), 1);
      const item: ContentModelItem = { kind: `${pending.kind}Type`, code: pending.input.code };
      result.created = result.created.filter((created) => created.kind !== item.kind || created.code !== item.code);
      result.refused.push({ item, reason });
      changed = true;
    }
  }
  for (const { kind, input } of createdTypes) await setTypeAcceptance(tx, kind, input.code, input);

  for (const propertyKey of createdReferences) {
    const missing = await missingReferencedType(tx, propertyKey);
    if (missing !== undefined) {
      throw new BadRequest(
        `Nothing was imported: property '${propertyKey}' refers to container type '${missing}', which the file names but could not be created`,
      );
    }
  }
  return result;
}
