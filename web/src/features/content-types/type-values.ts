// Between the type editor's form values and the API bodies of container and datastream types.
import type { ContainerTypeBody, DatastreamTypeBody, PropertyGroup, TypeLayout } from "@repox/contracts";
import type { TypeBody, TypeDetail } from "./api.ts";
import { type PropertyRow, toAssignments, toPropertyRow } from "./property-rows.ts";
import type { TypeKind } from "./type-kinds.ts";

export type TypeFormValues = {
  code: string;
  name: string;
  layout: TypeLayout;
  containerAcceptance: string[];
  datastreamAcceptance: string[];
  allowedAtRoot: boolean;
  properties: PropertyRow[];
};

/** "book;chapter" <-> ["book", "chapter"]; empty means every type is accepted. */
export function splitCodes(acceptance: string): string[] {
  return acceptance
    .split(";")
    .map((code) => code.trim())
    .filter(Boolean);
}

export const joinCodes = (codes: readonly string[]) => codes.join(";");

export function typeFormValues(type: TypeDetail | null): TypeFormValues {
  return {
    code: type?.code ?? "",
    name: type?.name ?? "",
    layout: type?.layout ?? "DEFAULT",
    containerAcceptance: type && "containerAcceptance" in type ? splitCodes(type.containerAcceptance) : [],
    datastreamAcceptance: splitCodes(type?.datastreamAcceptance ?? ""),
    allowedAtRoot: type && "allowedAtRoot" in type ? type.allowedAtRoot : false,
    properties: type?.properties.map(toPropertyRow) ?? [],
  };
}

export function toTypeBody(kind: TypeKind, id: number | null, values: TypeFormValues, groups: readonly PropertyGroup[]): TypeBody {
  const common = {
    ...(id === null ? {} : { id }),
    code: values.code.trim().toLowerCase(),
    name: values.name.trim(),
    layout: values.layout,
    datastreamAcceptance: joinCodes(values.datastreamAcceptance),
  };
  const properties = toAssignments(values.properties, groups);
  if (kind === "datastream") return { dataStream: common, properties } satisfies DatastreamTypeBody;
  return {
    container: { ...common, containerAcceptance: joinCodes(values.containerAcceptance), allowedAtRoot: values.allowedAtRoot },
    properties,
  } satisfies ContainerTypeBody;
}
