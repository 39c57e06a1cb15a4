// The content-model file's items: how the tenant's model is written into a file (codes and names instead of ids)
// and how a file item is compared with what a tenant already has.
import { isDeepStrictEqual } from "node:util";
import {
  type ContentModelFile,
  type ContentModelFileContainerType,
  type ContentModelFileDatastreamType,
  type ContentModelFileProperty,
  type ContentModelFileTypeProperty,
  type Namespace,
  type Property,
  type PropertyGroup,
  parsePropertyDetails,
  parseQualifierDetails,
  type Qualifier,
} from "@repox/contracts";
import { acceptanceCodes, type TypeDetail } from "./types.service.ts";

export type FileNamespace = NonNullable<ContentModelFile["namespaces"]>[number];
export type FileQualifier = NonNullable<ContentModelFile["qualifiers"]>[number];
export type FileGroup = NonNullable<ContentModelFile["propertyGroups"]>[number];

/** Group ids of one tenant to names, for items that place properties in groups. */
export type GroupNames = ReadonlyMap<number, string>;

export const groupNamesOf = (groups: readonly PropertyGroup[]): GroupNames => new Map(groups.map((group) => [group.id, group.name]));

const groupName = (groups: GroupNames, id: number | null) => (id === null ? null : (groups.get(id) ?? null));

export const toFileNamespace = (namespace: Namespace): FileNamespace => ({
  code: namespace.code,
  name: namespace.name,
  prefix: namespace.prefix,
  url: namespace.url,
});

export const toFileQualifier = (qualifier: Qualifier): FileQualifier => ({
  qualifierKey: qualifier.qualifierKey,
  qualifierName: qualifier.qualifierName,
  qualifierType: qualifier.qualifierType,
  qualifierDetails: qualifier.qualifierDetails,
  description: qualifier.description,
  externalSource: qualifier.externalSource,
});

export const toFileGroup = (group: PropertyGroup): FileGroup => ({ name: group.name, description: group.description });

export const toFileProperty = (property: Property, groups: GroupNames): ContentModelFileProperty => ({
  propertyKey: property.propertyKey,
  displayName: property.displayName,
  propertyType: property.propertyType,
  propertyDetails: property.propertyDetails,
  description: property.description,
  namespace: property.namespace,
  qualifiers: property.qualifiers,
  mandatory: property.mandatory,
  editable: property.editable,
  repeatable: property.repeatable,
  position: property.position,
  group: groupName(groups, property.groupId),
});

function toFileTypeProperties(type: TypeDetail, groups: GroupNames): ContentModelFileTypeProperty[] {
  return type.properties.map((property) => ({
    propertyKey: property.propertyKey,
    position: property.position,
    mandatory: property.mandatory,
    editable: property.editable,
    repeatable: property.repeatable,
    group: groupName(groups, property.groupId),
  }));
}

export const toFileContainerType = (type: TypeDetail, groups: GroupNames): ContentModelFileContainerType => ({
  code: type.code,
  name: type.name,
  layout: type.layout,
  containerAcceptance: type.containerAcceptance,
  datastreamAcceptance: type.datastreamAcceptance,
  allowedAtRoot: type.allowedAtRoot,
  properties: toFileTypeProperties(type, groups),
});

export const toFileDatastreamType = (type: TypeDetail, groups: GroupNames): ContentModelFileDatastreamType => ({
  code: type.code,
  name: type.name,
  layout: type.layout,
  datastreamAcceptance: type.datastreamAcceptance,
  properties: toFileTypeProperties(type, groups),
});

// Comparison forms: what makes two items the same regardless of how the file spelled them.

export const comparableQualifier = (qualifier: FileQualifier): FileQualifier => {
  const parsed = parseQualifierDetails(qualifier.qualifierType, qualifier.qualifierDetails);
  return { ...qualifier, qualifierDetails: parsed.ok ? JSON.stringify(parsed.details) : qualifier.qualifierDetails };
};

export const comparableProperty = (property: ContentModelFileProperty): ContentModelFileProperty => {
  const parsed = parsePropertyDetails(property.propertyType, property.propertyDetails);
  return {
    ...property,
    namespace: property.namespace?.trim() || null,
    propertyDetails: parsed.ok ? JSON.stringify(parsed.details) : property.propertyDetails,
  };
};

export function comparableType<
  T extends { containerAcceptance?: string; datastreamAcceptance: string; properties: ContentModelFileTypeProperty[] },
>(type: T): T {
  return {
    ...type,
    ...(type.containerAcceptance === undefined ? {} : { containerAcceptance: acceptanceCodes(type.containerAcceptance).join(";") }),
    datastreamAcceptance: acceptanceCodes(type.datastreamAcceptance).join(";"),
    properties: [...type.properties].sort((a, b) => a.propertyKey.localeCompare(b.propertyKey)),
  };
}

/** Names of the fields whose values differ, for the reason of a refused item. */
export function differingFields<T extends object>(existing: T, incoming: T): string[] {
  const keys = new Set([...Object.keys(existing), ...Object.keys(incoming)]) as Set<keyof T>;
  return [...keys].filter((key) => !isDeepStrictEqual(existing[key], incoming[key])).map(String);
}
