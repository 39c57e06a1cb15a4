// The OAI-PMH 2.0 provider of a tenant (issue 16, docs/standards.md): the six verbs over the tenant's published
// containers, in oai_dc and in the tenant's own properties format, with sets, selective harvesting, deleted records
// and resumption tokens; and the settings Settings → Content model edits (Dublin Core mapping, collection types, the
// administrator's address). The endpoint is public: it reads nothing a published container does not show.
import {
  type DublinCoreMapping,
  OAI_LIMITS,
  type OaiSettings,
  type OaiSettingsBody,
  oaiPath,
  type PropertyTypeCode,
} from "@repox/contracts";
import type { Db } from "../../platform/db/database.ts";
import { type Trx, tenantDb } from "../../platform/db/tenant-transaction.ts";
import { BadRequest } from "../../platform/errors.ts";
import { type RequestContext, signedIn } from "../../platform/http/access.ts";
import type { TenantRef, TenantResolver } from "../../platform/tenancy.ts";
import { termLabels } from "../vocabularies/repository.ts";
import { completeMapping, defaultMapping } from "./dublin-core.ts";
import { type Harvest, OaiError, type OaiRequest, parseOaiRequest, type RawArguments } from "./protocol.ts";
import * as repo from "./repository.ts";
import { createTokenCodec, type ListState, tokenExpiry } from "./resumption-token.ts";
import { languageOf, valueTexts } from "./value-texts.ts";
import {
  type Continuation,
  type DcValue,
  type Header,
  type Metadata,
  type MetadataFormat,
  OAI_DC_FORMAT,
  type OaiBody,
  type OaiRecord,
  oaiResponse,
  type PropertyEntry,
  propertiesSchema,
  utcSeconds,
} from "./xml.ts";

export type OaiDeps = {
  db: Db;
  tenants: TenantResolver;
  /** Signs resumption tokens. */
  secret: string;
  /** The server's public address; without it the request's own origin is used. */
  publicUrl: string | undefined;
  /** Identify's adminEmail until the tenant names one. */
  defaultAdminEmail: string;
  now?: () => number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Where a tenant's endpoint lives, and how its identifiers and formats are named. */
type Endpoint = { tenant: TenantRef; baseURL: string; host: string; propertiesFormat: MetadataFormat };

export function createOaiService(deps: OaiDeps) {
  const now = deps.now ?? Date.now;
  const tokens = createTokenCodec(deps.secret, now);

  function endpointOf(tenant: TenantRef, requestOrigin: string): Endpoint {
    const origin = (deps.publicUrl ?? requestOrigin).replace(/\/+$/, "");
    const baseURL = `${origin}${oaiPath(tenant.code)}`;
    return {
      tenant,
      baseURL,
      host: new URL(origin).host,
      propertiesFormat: { metadataPrefix: tenant.code, schema: `${baseURL}/properties.xsd`, metadataNamespace: `${baseURL}/properties` },
    };
  }

  const identifierOf = (endpoint: Endpoint, uuid: string) => `oai:${endpoint.host}:${endpoint.tenant.code}:${uuid}`;

  /** The container an identifier of this endpoint names; idDoesNotExist for anything else. */
  function containerOf(endpoint: Endpoint, identifier: string): string {
    const uuid = identifier.slice(identifier.lastIndexOf(":") + 1);
    if (!UUID.test(uuid) || identifier !== identifierOf(endpoint, uuid)) {
      throw new OaiError("idDoesNotExist", `${identifier.slice(0, 200)} is not an identifier of this repository.`);
    }
    return uuid;
  }

  function formatOf(endpoint: Endpoint, prefix: string): "oai_dc" | "properties" {
    if (prefix === OAI_DC_FORMAT.metadataPrefix) return "oai_dc";
    if (prefix === endpoint.propertiesFormat.metadataPrefix) return "properties";
    throw new OaiError(
      "cannotDisseminateFormat",
      `This repository does not disseminate '${prefix.slice(0, 40)}'; see ListMetadataFormats.`,
    );
  }

  async function mappingOf(trx: Trx): Promise<{ mapping: DublinCoreMapping; customized: boolean }> {
    const [stored, properties] = await Promise.all([repo.settings(trx), repo.properties(trx)]);
    if (!stored?.dublin_core) return { mapping: defaultMapping(properties), customized: false };
    return { mapping: completeMapping(stored.dublin_core, new Set(properties.map((p) => p.property_key))), customized: true };
  }

  /** Headers and metadata of a page of records, in three reads whatever its size. */
  async function recordsOf(trx: Trx, endpoint: Endpoint, rows: readonly repo.RecordRow[], format?: "oai_dc" | "properties") {
    const live = rows.filter((row) => !row.deleted).map((row) => row.container_id);
    const [sets, containers, values] = await Promise.all([
      repo.setsOf(trx, endpoint.tenant.id, live),
      format ? repo.containersOf(trx, live) : [],
      format ? repo.valuesOf(trx, live) : [],
    ]);
    const setsById = groupBy(sets, (row) => row.container_id);
    const header = (row: repo.RecordRow): Header => ({
      identifier: identifierOf(endpoint, row.container_id),
      datestamp: row.datestamp,
      deleted: row.deleted,
      setSpecs: row.deleted ? (row.deleted_sets ?? []) : (setsById.get(row.container_id) ?? []).map((set) => set.set_id),
    });
    if (!format) return rows.map((row): OaiRecord => ({ header: header(row) }));

    const vocabularyTerms = values.flatMap((row) => {
      const vocabularyId = row.property_type === "vocabulary-flat" ? detailsOf(row).vocabularyId : undefined;
      const ids = Array.isArray(row.value.values) ? row.value.values.map(String) : [];
      return vocabularyId ? ids.map((termId) => ({ vocabularyId, termId })) : [];
    });
    const [labels, { mapping }] = await Promise.all([termLabels(trx, vocabularyTerms), mappingOf(trx)]);
    const context = {
      termLabel: (vocabularyId: string, termId: string) => labels.get(`${vocabularyId}\n${termId}`),
      identifierOf: (uuid: string) => identifierOf(endpoint, uuid),
    };
    const containerById = new Map(containers.map((row) => [row.id, row]));
    const valuesById = groupBy(values, (row) => row.container_id);
    return rows.map((row): OaiRecord => {
      const container = containerById.get(row.container_id);
      if (row.deleted || !container) return { header: { ...header(row), deleted: true, setSpecs: row.deleted_sets ?? [] } };
      const entries = propertyEntries(valuesById.get(row.container_id) ?? [], context);
      const metadata: Metadata =
        format === "oai_dc"
          ? { format, values: dublinCore(container, entries, mapping) }
          : {
              format,
              namespace: endpoint.propertiesFormat.metadataNamespace,
              schema: endpoint.propertiesFormat.schema,
              uuid: container.id,
              label: container.label,
              type: { code: container.type_code, name: container.type_name },
              properties: entries,
            };
      return { header: header(row), metadata };
    });
  }

  async function list(trx: Trx, endpoint: Endpoint, request: OaiRequest & { verb: "ListIdentifiers" | "ListRecords" }) {
    const state = request.resumptionToken
      ? tokens.decode(request.resumptionToken, endpoint.tenant.id, request.verb)
      : await firstPage(trx, endpoint, request.verb, request as Harvest);
    const format = formatOf(endpoint, state.metadataPrefix);
    const filter = { from: state.from === undefined ? undefined : new Date(state.from), until: state.until, set: state.set };
    const rows = await repo.listRecords(trx, filter, state.after[1] ? state.after : undefined, OAI_LIMITS.pageSize + 1);
    const page = rows.slice(0, OAI_LIMITS.pageSize);
    const last = page.at(-1);
    if (!last) throw new OaiError("noRecordsMatch", "No records match the arguments.");
    const records = await recordsOf(trx, endpoint, page, request.verb === "ListRecords" ? format : undefined);
    const continuation = continuationOf(state, page.length, rows.length > page.length, [last.datestamp, last.container_id]);
    return request.verb === "ListRecords"
      ? { verb: request.verb, records, continuation }
      : { verb: request.verb, headers: records.map((record) => record.header), continuation };
  }

  async function firstPage(trx: Trx, endpoint: Endpoint, verb: "ListIdentifiers" | "ListRecords", harvest: Harvest): Promise<ListState> {
    formatOf(endpoint, harvest.metadataPrefix);
    if (harvest.set !== undefined) await checkSet(trx, harvest.set);
    const clock = await repo.clock(trx);
    const until = harvest.until && harvest.until.toISOString() < clock ? harvest.until.toISOString() : clock;
    const filter = { from: harvest.from, until, set: harvest.set };
    const completeListSize = await repo.countRecords(trx, filter);
    if (completeListSize === 0) throw new OaiError("noRecordsMatch", "No records match the arguments.");
    return {
      tenantId: endpoint.tenant.id,
      verb,
      metadataPrefix: harvest.metadataPrefix,
      set: harvest.set,
      from: harvest.from?.getTime(),
      until,
      after: ["", ""],
      cursor: 0,
      completeListSize,
      expires: tokenExpiry(now()),
    };
  }

  async function checkSet(trx: Trx, set: string): Promise<void> {
    if (!(await repo.hasCollectionTypes(trx))) throw new OaiError("noSetHierarchy", "This repository does not support sets.");
    if (!UUID.test(set) || !(await repo.isSet(trx, set))) throw new OaiError("noRecordsMatch", `There is no set '${set.slice(0, 60)}'.`);
  }

  /** A list that fits one page has no token; a longer one has one on every page, an empty one on the last (§3.5). */
  function continuationOf(state: ListState, given: number, more: boolean, after: [string, string]): Continuation | undefined {
    if (!more && state.cursor === 0) return undefined;
    const next: ListState = { ...state, after, cursor: state.cursor + given, expires: tokenExpiry(now()) };
    return {
      token: more ? tokens.encode(next) : "",
      completeListSize: state.completeListSize,
      cursor: state.cursor,
      expirationDate: more ? utcSeconds(new Date(next.expires)) : undefined,
    };
  }

  async function listSets(trx: Trx, endpoint: Endpoint, resumptionToken: string | undefined) {
    if (!(await repo.hasCollectionTypes(trx))) throw new OaiError("noSetHierarchy", "This repository does not support sets.");
    const state: ListState = resumptionToken
      ? tokens.decode(resumptionToken, endpoint.tenant.id, "ListSets")
      : {
          tenantId: endpoint.tenant.id,
          verb: "ListSets",
          metadataPrefix: "",
          until: "",
          after: ["", ""],
          cursor: 0,
          completeListSize: await repo.countSets(trx),
          expires: tokenExpiry(now()),
        };
    const rows = await repo.listSets(trx, state.after[1] || undefined, OAI_LIMITS.pageSize + 1);
    const page = rows.slice(0, OAI_LIMITS.pageSize);
    const last = page.at(-1);
    return {
      verb: "ListSets" as const,
      sets: page.map((row) => ({ setSpec: row.id, setName: row.label })),
      continuation: last ? continuationOf(state, page.length, rows.length > page.length, ["", last.id]) : undefined,
    };
  }

  async function answerVerb(trx: Trx, endpoint: Endpoint, request: OaiRequest): Promise<OaiBody> {
    switch (request.verb) {
      case "Identify": {
        const [settings, earliest] = await Promise.all([repo.settings(trx), repo.earliestDatestamp(trx)]);
        return {
          verb: "Identify",
          repositoryName: endpoint.tenant.name,
          baseURL: endpoint.baseURL,
          adminEmail: settings?.admin_email || deps.defaultAdminEmail,
          earliestDatestamp: utcSeconds(earliest ?? new Date(now())),
        };
      }
      case "ListMetadataFormats": {
        if (request.identifier !== undefined) {
          const id = containerOf(endpoint, request.identifier);
          if (!(await repo.findRecord(trx, id))) throw idDoesNotExist(request.identifier);
        }
        return { verb: "ListMetadataFormats", formats: [OAI_DC_FORMAT, endpoint.propertiesFormat] };
      }
      case "ListSets":
        return listSets(trx, endpoint, request.resumptionToken);
      case "ListIdentifiers":
      case "ListRecords":
        return list(trx, endpoint, request);
      case "GetRecord": {
        const id = containerOf(endpoint, request.identifier);
        const format = formatOf(endpoint, request.metadataPrefix);
        const row = await repo.findRecord(trx, id);
        if (!row) throw idDoesNotExist(request.identifier);
        const [record] = await recordsOf(trx, endpoint, [row], format);
        if (!record) throw idDoesNotExist(request.identifier);
        return { verb: "GetRecord", record };
      }
    }
  }

  return {
    /** The XML answer to one request of the protocol; an unknown tenant is the only HTTP error (404). */
    async answer(tenantCode: string, raw: RawArguments, requestOrigin: string): Promise<string> {
      const endpoint = endpointOf(await deps.tenants.resolve(tenantCode), requestOrigin);
      const envelope = { baseURL: endpoint.baseURL, responseDate: new Date(now()) };
      const parsed = parseOaiRequest(raw);
      if (!parsed.ok) return oaiResponse(envelope, parsed.error);
      const withArguments = { ...envelope, arguments: parsed.arguments };
      try {
        const body = await tenantDb(deps.db, endpoint.tenant.id).transaction((trx) => answerVerb(trx, endpoint, parsed.request));
        return oaiResponse(withArguments, body);
      } catch (error) {
        if (error instanceof OaiError) return oaiResponse(withArguments, error);
        throw error;
      }
    },

    /** The keys of the properties mapped to a Dublin Core element (IIIF manifests take their rights from it). */
    async mappedProperties(trx: Trx, element: keyof DublinCoreMapping): Promise<string[]> {
      return (await mappingOf(trx)).mapping[element];
    },

    async propertiesSchema(tenantCode: string, requestOrigin: string): Promise<string> {
      const endpoint = endpointOf(await deps.tenants.resolve(tenantCode), requestOrigin);
      return propertiesSchema(endpoint.propertiesFormat.metadataNamespace);
    },

    async settings(ctx: RequestContext, requestOrigin: string): Promise<OaiSettings> {
      signedIn(ctx);
      const endpoint = endpointOf(ctx.tenant, requestOrigin);
      return ctx.db.transaction(async (trx) => {
        const [{ mapping, customized }, stored, collectionTypes] = await Promise.all([
          mappingOf(trx),
          repo.settings(trx),
          repo.collectionTypeCodes(trx),
        ]);
        return {
          customized,
          dublinCore: mapping,
          collectionTypes,
          adminEmail: stored?.admin_email || deps.defaultAdminEmail,
          baseUrl: endpoint.baseURL,
        };
      });
    },

    async saveSettings(ctx: RequestContext, body: OaiSettingsBody, requestOrigin: string): Promise<OaiSettings> {
      signedIn(ctx);
      await ctx.db.transaction(async (trx) => {
        const [properties, typeCodes] = await Promise.all([repo.properties(trx), repo.containerTypeCodes(trx)]);
        const known = new Set(properties.map((p) => p.property_key));
        for (const [element, keys] of Object.entries(body.dublinCore)) {
          const unknown = keys.find((key) => !known.has(key));
          if (unknown) throw new BadRequest(`dublinCore.${element}: there is no property '${unknown}'`);
        }
        const unknownType = body.collectionTypes.find((code) => !typeCodes.includes(code));
        if (unknownType) throw new BadRequest(`collectionTypes: there is no container type '${unknownType}'`);
        await repo.saveSettings(trx, ctx.tenant.id, body);
      });
      return this.settings(ctx, requestOrigin);
    },
  };
}

export type OaiService = ReturnType<typeof createOaiService>;

const idDoesNotExist = (identifier: string) => new OaiError("idDoesNotExist", `There is no record ${identifier.slice(0, 200)}.`);

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

function detailsOf(row: repo.ValueRow): { vocabularyId?: string } {
  try {
    return JSON.parse(row.property_details) as { vocabularyId?: string };
  } catch {
    return {};
  }
}

/** One entry per property, in the type's order, each instance's texts together. */
function propertyEntries(rows: readonly repo.ValueRow[], context: Parameters<typeof valueTexts>[3]): PropertyEntry[] {
  const entries = new Map<string, PropertyEntry & { values: string[] }>();
  for (const row of rows) {
    const texts = valueTexts(row.property_type as PropertyTypeCode, detailsOf(row), row.value.values, context);
    if (texts.length === 0) continue;
    const entry = entries.get(row.property_key);
    if (entry) entry.values.push(...texts);
    else
      entries.set(row.property_key, {
        key: row.property_key,
        label: row.display_name,
        values: texts,
        language: languageOf(row.value.qualifiers),
      });
  }
  return [...entries.values()];
}

function dublinCore(container: repo.ContainerRow, entries: readonly PropertyEntry[], mapping: DublinCoreMapping): DcValue[] {
  const byKey = new Map(entries.map((entry) => [entry.key, entry]));
  const values: DcValue[] = [];
  for (const [element, keys] of Object.entries(mapping) as [keyof DublinCoreMapping, string[]][]) {
    for (const key of keys) {
      const entry = byKey.get(key);
      for (const text of entry?.values ?? []) values.push({ element, text, language: entry?.language });
    }
  }
  if (!values.some((value) => value.element === "title")) values.unshift({ element: "title", text: container.label });
  if (!values.some((value) => value.element === "type")) values.push({ element: "type", text: container.type_name });
  return values;
}
