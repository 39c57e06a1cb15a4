// OAI-PMH (issue 16, docs/standards.md): the tenant's harvesting settings as Settings → Content model edits them —
// which properties fill each of the 15 Dublin Core elements, which container types are sets, the e-mail address
// Identify gives — and the protocol's fixed figures.
import { z } from "zod";
import { readOnlyFields } from "./read-back.ts";

/** The 15 elements of simple Dublin Core, in the order of the DCMI element set. */
export const DUBLIN_CORE_ELEMENTS = [
  "title",
  "creator",
  "subject",
  "description",
  "publisher",
  "contributor",
  "date",
  "type",
  "format",
  "identifier",
  "source",
  "language",
  "relation",
  "coverage",
  "rights",
] as const;
export type DublinCoreElement = (typeof DUBLIN_CORE_ELEMENTS)[number];

export const OAI_LIMITS = {
  /** Records (or headers) per answer of a list verb; the rest follows by resumption token. */
  pageSize: 100,
  /** A resumption token's life. */
  tokenLifeSeconds: 3600,
  /** Properties one element may draw from. */
  propertiesPerElement: 20,
  /** Requests per minute from one address to one tenant's endpoint. */
  requestsPerMinute: 600,
} as const;

const PropertyKeys = z.array(z.string().trim().min(1).max(255)).max(OAI_LIMITS.propertiesPerElement).default([]);

/** Property keys per element; an element left out takes no property (title still falls back to the label). */
export const DublinCoreMapping = z.object(
  Object.fromEntries(DUBLIN_CORE_ELEMENTS.map((element) => [element, PropertyKeys])) as Record<DublinCoreElement, typeof PropertyKeys>,
);
export type DublinCoreMapping = z.infer<typeof DublinCoreMapping>;

export const OaiSettings = z.object({
  /** False while the tenant has never saved a mapping: `dublinCore` is then the defaults from property names. */
  customized: z.boolean(),
  dublinCore: DublinCoreMapping,
  /** Codes of the container types whose published containers are sets. */
  collectionTypes: z.array(z.string()),
  adminEmail: z.string(),
  /** The endpoint a harvester is given: `{origin}/{tenant}/oai`. */
  baseUrl: z.string(),
});
export type OaiSettings = z.infer<typeof OaiSettings>;

export const OaiSettingsBody = z.object({
  dublinCore: DublinCoreMapping,
  collectionTypes: z.array(z.string().trim().min(1).max(100)).max(500).default([]),
  adminEmail: z.email({ error: "adminEmail must be an e-mail address" }).max(254),
});
export type OaiSettingsBody = z.infer<typeof OaiSettingsBody>;

/** What GET /api/settings/oai answers and its PUT does not write: sent back changed, it is refused by name. */
export const OAI_SETTINGS_READ_ONLY_FIELDS = readOnlyFields(OaiSettings, OaiSettingsBody);

/** The harvesting endpoint of a tenant. */
export const oaiPath = (tenant: string) => `/${tenant}/oai`;
