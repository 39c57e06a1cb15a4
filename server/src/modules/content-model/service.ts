// The content-model service: what the routes call (each method one short tenant transaction) and what other areas
// use inside their own transaction (`within`). Rules live in the per-resource files beside this one.
import {
  type ContainerType,
  type ContainerTypeBody,
  type ContainerTypeListQuery,
  type ContainerTypeSummary,
  type ContentModelExportBody,
  type ContentModelFile,
  type DatastreamType,
  type DatastreamTypeBody,
  type DatastreamTypeSummary,
  LANGUAGES,
  type Language,
  type Page,
  PROPERTY_TYPE_CATALOGUE,
  type Property,
  type PropertyQualifierDefinition,
  type PropertyTypeInfo,
  type TypeListQuery,
} from "@repox/contracts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import { exportContentModel } from "./export.service.ts";
import * as groups from "./groups.service.ts";
import { importContentModel } from "./import.service.ts";
import * as namespaces from "./namespaces.service.ts";
import type { ContentModelDeps } from "./ports.ts";
import * as properties from "./properties.service.ts";
import * as qualifiers from "./qualifiers.service.ts";
import type { ReadTx, Tx, TypeKind } from "./shared.ts";
import { createTypeCache, type TypeCache } from "./type-cache.ts";
import * as types from "./types.service.ts";

type Args<F> = F extends (tx: Tx, ...args: infer A) => unknown ? A : never;

const toContainerType = (type: types.TypeDetail): ContainerType => type;
const toContainerTypeSummary = (type: types.TypeSummary): ContainerTypeSummary => type;
const toDatastreamTypeSummary = ({ containerAcceptance: _c, allowedAtRoot: _a, ...type }: types.TypeSummary): DatastreamTypeSummary => type;
const toDatastreamType = (type: types.TypeDetail): DatastreamType => ({ ...toDatastreamTypeSummary(type), properties: type.properties });

function containerInput({ container, properties: assigned }: ContainerTypeBody): types.TypeInput {
  return { ...container, properties: assigned };
}
function datastreamInput({ dataStream, properties: assigned }: DatastreamTypeBody): types.TypeInput {
  return { ...dataStream, containerAcceptance: "", allowedAtRoot: false, properties: assigned };
}

/**
 * Reads other areas make inside their own transaction (the content area validates creations with these). Types come
 * through the cache, which answers shared, frozen values.
 */
function reader(tx: ReadTx, cache: TypeCache) {
  const findType = (kind: TypeKind, code: string) => cache.type(tx.trx, kind, code, () => types.findType(tx, kind, code));
  return {
    getContainerType: async (code: string): Promise<ContainerType | undefined> => {
      const type = await findType("container", code);
      return type && toContainerType(type);
    },
    getDatastreamType: async (code: string): Promise<DatastreamType | undefined> => {
      const type = await findType("datastream", code);
      return type && toDatastreamType(type);
    },
    /** The type's properties with its own group, position and flags; empty for an unknown type. */
    listPropertiesOfType: async (kind: TypeKind, code: string): Promise<Property[]> => (await findType(kind, code))?.properties ?? [],
    propertyByKey: (key: string): Promise<Property | undefined> => properties.findProperty(tx, key),
    /** The definitions of these qualifiers (enum ones with their values), for checking property values. */
    qualifierDefinitions: (keys: readonly string[]): Promise<PropertyQualifierDefinition[]> => qualifiers.qualifierDefinitions(tx, keys),
    /** Whether a container of type `childCode` may be created under `parentCode` (null: at the root). */
    acceptsContainer: (parentCode: string | null, childCode: string): Promise<boolean> =>
      types.acceptsChild(tx, parentCode === null ? null : { kind: "container", code: parentCode }, { kind: "container", code: childCode }),
    /** Whether a datastream of type `datastreamCode` may be added to a container of type `containerCode`. */
    acceptsDatastream: (containerCode: string, datastreamCode: string): Promise<boolean> =>
      types.acceptsChild(tx, { kind: "container", code: containerCode }, { kind: "datastream", code: datastreamCode }),
  };
}

export function createContentModelService(deps: ContentModelDeps) {
  const cache = createTypeCache();
  const run = <T>(ctx: RequestContext, work: (tx: Tx) => Promise<T>): Promise<T> =>
    ctx.db.transaction((trx) => work({ trx, tenantId: ctx.tenant.id }));

  return {
    languages: (): Language[] => [...LANGUAGES],
    propertyTypes: (): PropertyTypeInfo[] => [...PROPERTY_TYPE_CATALOGUE],

    listNamespaces: (ctx: RequestContext, ...a: Args<typeof namespaces.listNamespaces>) =>
      run(ctx, (tx) => namespaces.listNamespaces(tx, ...a)),
    getNamespace: (ctx: RequestContext, ...a: Args<typeof namespaces.getNamespace>) => run(ctx, (tx) => namespaces.getNamespace(tx, ...a)),
    createNamespace: (ctx: RequestContext, ...a: Args<typeof namespaces.createNamespace>) =>
      run(ctx, (tx) => namespaces.createNamespace(tx, ...a)),
    updateNamespace: (ctx: RequestContext, ...a: Args<typeof namespaces.updateNamespace>) =>
      run(ctx, (tx) => namespaces.updateNamespace(tx, ...a)),
    deleteNamespace: (ctx: RequestContext, ...a: Args<typeof namespaces.deleteNamespace>) =>
      run(ctx, (tx) => namespaces.deleteNamespace(tx, ...a)),

    listQualifiers: (ctx: RequestContext, ...a: Args<typeof qualifiers.listQualifiers>) =>
      run(ctx, (tx) => qualifiers.listQualifiers(tx, ...a)),
    getQualifier: (ctx: RequestContext, ...a: Args<typeof qualifiers.getQualifier>) => run(ctx, (tx) => qualifiers.getQualifier(tx, ...a)),
    createQualifier: (ctx: RequestContext, ...a: Args<typeof qualifiers.createQualifier>) =>
      run(ctx, (tx) => qualifiers.createQualifier(tx, ...a)),
    updateQualifier: (ctx: RequestContext, ...a: Args<typeof qualifiers.updateQualifier>) =>
      run(ctx, (tx) => qualifiers.updateQualifier(tx, ...a)),
    deleteQualifier: (ctx: RequestContext, ...a: Args<typeof qualifiers.deleteQualifier>) =>
      run(ctx, (tx) => qualifiers.deleteQualifier(tx, ...a)),

    listGroups: (ctx: RequestContext, ...a: Args<typeof groups.listGroups>) => run(ctx, (tx) => groups.listGroups(tx, ...a)),
    getGroup: (ctx: RequestContext, ...a: Args<typeof groups.getGroup>) => run(ctx, (tx) => groups.getGroup(tx, ...a)),
    createGroup: (ctx: RequestContext, ...a: Args<typeof groups.createGroup>) => run(ctx, (tx) => groups.createGroup(tx, ...a)),
    updateGroup: (ctx: RequestContext, ...a: Args<typeof groups.updateGroup>) => run(ctx, (tx) => groups.updateGroup(tx, ...a)),
    deleteGroup: (ctx: RequestContext, ...a: Args<typeof groups.deleteGroup>) => run(ctx, (tx) => groups.deleteGroup(tx, ...a)),

    listProperties: (ctx: RequestContext, ...a: Args<typeof properties.listProperties>) =>
      run(ctx, (tx) => properties.listProperties(tx, ...a)),
    getProperty: (ctx: RequestContext, key: string) => run(ctx, (tx) => properties.getProperty(tx, key)),
    createProperty: (ctx: RequestContext, body: Parameters<typeof properties.createProperty>[1]) =>
      run(ctx, (tx) => properties.createProperty(tx, body, deps)),
    updateProperty: (ctx: RequestContext, key: string, body: Parameters<typeof properties.updateProperty>[2]) =>
      run(ctx, (tx) => properties.updateProperty(tx, key, body, deps)),
    deleteProperty: (ctx: RequestContext, key: string) => run(ctx, (tx) => properties.deleteProperty(tx, key, deps)),
    propertyUsages: (ctx: RequestContext, key: string) => run(ctx, (tx) => properties.propertyUsages(tx, key, deps)),
    propertyContentModelUsages: (ctx: RequestContext, key: string) => run(ctx, (tx) => properties.contentModelUsages(tx, key)),

    listContainerTypes: async (ctx: RequestContext, query: ContainerTypeListQuery): Promise<Page<ContainerTypeSummary>> => {
      const allowedAtRoot = query.allowedAtRoot === undefined ? undefined : query.allowedAtRoot === "true";
      const page = await run(ctx, (tx) => types.listTypes(tx, "container", { ...query, allowedAtRoot }));
      return { ...page, content: page.content.map(toContainerTypeSummary) };
    },
    getContainerType: async (ctx: RequestContext, code: string) =>
      toContainerType(await run(ctx, (tx) => types.getType(tx, "container", code))),
    createContainerType: async (ctx: RequestContext, body: ContainerTypeBody) =>
      toContainerType(await run(ctx, (tx) => types.createType(tx, "container", containerInput(body)))),
    updateContainerType: async (ctx: RequestContext, code: string, body: ContainerTypeBody) =>
      toContainerType(await run(ctx, (tx) => types.updateType(tx, "container", code, containerInput(body)))),
    deleteContainerType: (ctx: RequestContext, code: string) => run(ctx, (tx) => types.deleteType(tx, "container", code, deps.content)),

    listDatastreamTypes: async (ctx: RequestContext, query: TypeListQuery): Promise<Page<DatastreamTypeSummary>> => {
      const page = await run(ctx, (tx) => types.listTypes(tx, "datastream", query));
      return { ...page, content: page.content.map(toDatastreamTypeSummary) };
    },
    getDatastreamType: async (ctx: RequestContext, code: string) =>
      toDatastreamType(await run(ctx, (tx) => types.getType(tx, "datastream", code))),
    createDatastreamType: async (ctx: RequestContext, body: DatastreamTypeBody) =>
      toDatastreamType(await run(ctx, (tx) => types.createType(tx, "datastream", datastreamInput(body)))),
    updateDatastreamType: async (ctx: RequestContext, code: string, body: DatastreamTypeBody) =>
      toDatastreamType(await run(ctx, (tx) => types.updateType(tx, "datastream", code, datastreamInput(body)))),
    deleteDatastreamType: (ctx: RequestContext, code: string) => run(ctx, (tx) => types.deleteType(tx, "datastream", code, deps.content)),

    exportModel: (ctx: RequestContext, parts: ContentModelExportBody) => run(ctx, (tx) => exportContentModel(tx, parts, deps.vocabularies)),
    importModel: (ctx: RequestContext, file: ContentModelFile) => run(ctx, (tx) => importContentModel(tx, file, deps)),

    /** For other areas, inside their own transaction. */
    within: (trx: Trx) => reader({ trx }, cache),
    /** For the vocabularies area (its usage lookup): properties drawing on a vocabulary and the types carrying them. */
    vocabularyUsages: (trx: Trx, vocabularyId: string) => properties.vocabularyUsages({ trx }, vocabularyId),
    /** The same reads in a transaction of their own. */
    listPropertiesOfType: (ctx: RequestContext, kind: TypeKind, code: string) =>
      run(ctx, (tx) => reader(tx, cache).listPropertiesOfType(kind, code)),
    propertyByKey: (ctx: RequestContext, key: string) => run(ctx, (tx) => reader(tx, cache).propertyByKey(key)),
    acceptsContainer: (ctx: RequestContext, parentCode: string | null, childCode: string) =>
      run(ctx, (tx) => reader(tx, cache).acceptsContainer(parentCode, childCode)),
    acceptsDatastream: (ctx: RequestContext, containerCode: string, datastreamCode: string) =>
      run(ctx, (tx) => reader(tx, cache).acceptsDatastream(containerCode, datastreamCode)),
  };
}

export type ContentModelService = ReturnType<typeof createContentModelService>;
