// The demo content model of a small museum and archive, as data: the same file format content-model import reads,
// so seeding it goes through every rule of the content-model and vocabularies areas. Plus the demo tags.
import { ContentModelFile, type PropertyTypeCode, TagBody, type TagBodyInput } from "@repox/contracts";
import type { z } from "zod";

type FileInput = z.input<typeof ContentModelFile>;
type FileProperty = NonNullable<FileInput["properties"]>[number];
type FileTypeProperty = NonNullable<FileInput["containerTypes"]>[number]["properties"];

/** Only links the subject property to the Subjects vocabulary inside this file; the tenant's vocabulary gets its own uuid. */
export const DEMO_SUBJECTS_FILE_UUID = "7d1c2f4e-5b3a-4c8d-9e0f-1a2b3c4d5e6f";
export const DEMO_SUBJECTS_NAME = "Subjects";

const GROUPS = {
  identification: "Identification",
  description: "Description",
  rights: "Rights",
  location: "Location",
  technical: "Technical",
} as const;

const SUBJECTS = [
  "Archaeology",
  "Architecture",
  "Costume and textiles",
  "Decorative arts",
  "Ethnography",
  "Fine arts",
  "Maps and cartography",
  "Maritime history",
  "Military history",
  "Natural history",
  "Numismatics",
  "Photography",
  "Science and technology",
];

const termIdOf = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, "-");

function property(
  propertyKey: string,
  displayName: string,
  propertyType: PropertyTypeCode,
  group: string,
  position: number,
  fields: Partial<FileProperty> = {},
): FileProperty {
  return { propertyKey, displayName, propertyType, group, position, ...fields };
}

const PROPERTIES: FileProperty[] = [
  property("title", "Title", "text", GROUPS.identification, 0, {
    namespace: "dc",
    qualifiers: ["lang"],
    description: "The name given to the item; one per language",
  }),
  property("identifier", "Identifier", "text", GROUPS.identification, 1, {
    namespace: "dc",
    description: "Inventory or reference number, unique within the institution",
  }),
  property("date_created", "Date created", "date", GROUPS.identification, 2, {
    namespace: "dc",
    description: "When the item was made",
  }),
  property("format", "Format", "enum", GROUPS.identification, 3, {
    namespace: "dc",
    propertyDetails: JSON.stringify({
      values: ["Photograph", "Manuscript", "Printed book", "Map", "Drawing", "Audio recording", "Film", "Object"],
    }),
    description: "The physical or digital form of the item",
  }),
  property("description", "Description", "rich-text", GROUPS.description, 0, {
    namespace: "dc",
    qualifiers: ["lang"],
    description: "A public account of the item; one per language",
  }),
  property("notes", "Notes", "text-area", GROUPS.description, 1, { description: "Internal notes for staff, never published" }),
  property("keywords", "Keywords", "multi-select", GROUPS.description, 2, {
    propertyDetails: JSON.stringify({ values: ["Highlight", "Exhibition", "Education", "On loan", "Needs conservation", "Digitised"] }),
    description: "Free labels used by the curators",
  }),
  property("subject", "Subject", "vocabulary-flat", GROUPS.description, 3, {
    namespace: "dc",
    propertyDetails: JSON.stringify({ vocabularyId: DEMO_SUBJECTS_FILE_UUID }),
    description: "Subject headings from the Subjects vocabulary",
  }),
  property("item_count", "Number of items", "number", GROUPS.description, 4, {
    description: "How many physical items the collection or record holds",
  }),
  property("website", "Website", "url", GROUPS.description, 5, { description: "A page about the item on another site" }),
  property("related_record", "Related record", "reference", GROUPS.description, 6, {
    namespace: "dc",
    propertyDetails: JSON.stringify({ containerTypes: ["collection", "record"] }),
    description: "Another collection or record this one belongs with",
  }),
  // Not "Published": that word is the publish badge's, which this yes/no value has nothing to do with.
  property("on_display", "On display", "boolean", GROUPS.rights, 0, { description: "On show in the galleries or an exhibition" }),
  property("rights", "Rights statement", "text-area", GROUPS.rights, 1, {
    namespace: "dc",
    qualifiers: ["lang"],
    description: "Who holds the rights and how the item may be reused",
  }),
  property("license", "License", "enum", GROUPS.rights, 2, {
    propertyDetails: JSON.stringify({ values: ["CC0 1.0", "CC BY 4.0", "CC BY-SA 4.0", "CC BY-NC 4.0", "In copyright"] }),
    description: "The license the digital file is published under",
  }),
  property("location", "Location", "spatial-map", GROUPS.location, 0, { description: "Where the item was made, found or is kept" }),
  property("opening_time", "Opening time", "time", GROUPS.location, 1, {
    description: "When the gallery or reading room holding the collection opens",
  }),
  property("scanner_ip", "Scanner IP address", "ip-address-v4", GROUPS.technical, 0, {
    description: "The digitisation workstation that produced the file",
  }),
  property("technical_metadata", "Technical metadata", "json", GROUPS.technical, 1, {
    description: "EXIF or other technical data of the file, as JSON",
  }),
  property("page_count", "Pages", "number", GROUPS.technical, 2, { description: "Number of pages of the document" }),
  property("duration", "Duration (seconds)", "number", GROUPS.technical, 3, { description: "Running time of the video" }),
];

const propertiesByKey = new Map(PROPERTIES.map((item) => [item.propertyKey, item]));

type Flags = { mandatory?: boolean; repeatable?: boolean };

/** The type carries the properties in their own groups and positions, with these flags. */
function carrying(...uses: (string | [string, Flags])[]): FileTypeProperty {
  return uses.map((use) => {
    const [key, flags] = typeof use === "string" ? [use, {}] : use;
    const definition = propertiesByKey.get(key);
    if (!definition) throw new Error(`The demo content model uses an undefined property '${key}'`);
    return { propertyKey: key, group: definition.group, position: definition.position, ...flags };
  });
}

const MANDATORY = { mandatory: true };

const FILE: FileInput = {
  format: "repox-content-model",
  version: 1,
  namespaces: [{ code: "dc", name: "Dublin Core", prefix: "dc", url: "http://purl.org/dc/elements/1.1/" }],
  qualifiers: [
    {
      qualifierKey: "lang",
      qualifierName: "Language",
      qualifierType: "enum",
      qualifierDetails: JSON.stringify({ values: ["en", "fr", "de", "it", "es", "el"] }),
      description: "The language a value is written in",
    },
  ],
  propertyGroups: [
    { name: GROUPS.identification, description: "What the item is and how it is known" },
    { name: GROUPS.description, description: "What the item shows or is about" },
    { name: GROUPS.rights, description: "Who may see and reuse the item" },
    { name: GROUPS.location, description: "Where the item comes from or is kept" },
    { name: GROUPS.technical, description: "How the digital file was made" },
  ],
  vocabularies: [
    {
      uuid: DEMO_SUBJECTS_FILE_UUID,
      name: DEMO_SUBJECTS_NAME,
      description: "Subject headings for collections and records",
      terms: SUBJECTS.map((label) => ({ termId: termIdOf(label), label })),
    },
  ],
  properties: PROPERTIES,
  datastreamTypes: [
    {
      code: "image",
      name: "Image",
      properties: carrying(["title", MANDATORY], "date_created", "license", "scanner_ip", "technical_metadata"),
    },
    {
      code: "document",
      name: "Document",
      properties: carrying(["title", MANDATORY], "format", "license", "scanner_ip", "page_count"),
    },
    {
      code: "video",
      name: "Video",
      properties: carrying(["title", MANDATORY], "date_created", "license", "technical_metadata", "duration"),
    },
  ],
  containerTypes: [
    {
      code: "collection",
      name: "Collection",
      layout: "CATALOGUING",
      allowedAtRoot: true,
      containerAcceptance: "record;folder",
      datastreamAcceptance: "image;document",
      properties: carrying(
        ["title", { mandatory: true, repeatable: true }],
        ["identifier", MANDATORY],
        ["description", { repeatable: true }],
        "keywords",
        ["subject", { repeatable: true }],
        "item_count",
        "website",
        "on_display",
        "rights",
        "location",
        "opening_time",
      ),
    },
    {
      code: "record",
      name: "Record",
      layout: "RECORD",
      containerAcceptance: "folder",
      datastreamAcceptance: "image;document;video",
      properties: carrying(
        ["title", { mandatory: true, repeatable: true }],
        ["identifier", MANDATORY],
        "date_created",
        ["format", MANDATORY],
        ["description", { repeatable: true }],
        "notes",
        "keywords",
        ["subject", { repeatable: true }],
        "item_count",
        ["related_record", { repeatable: true }],
        "on_display",
        "rights",
        "license",
        "location",
      ),
    },
    {
      code: "folder",
      name: "Folder",
      layout: "DEFAULT",
      containerAcceptance: "folder",
      datastreamAcceptance: "image;document;video",
      properties: carrying(["title", MANDATORY], "notes"),
    },
  ],
};

/** Parsed once through the file schema, so the demo model meets the same checks as an uploaded file. */
export const DEMO_CONTENT_MODEL: ContentModelFile = ContentModelFile.parse(FILE);

const TAGS: TagBodyInput[] = [
  { name: "To review", description: "Needs a curator's check before publishing", color: "#fd7e14" },
  { name: "Featured", description: "Chosen for the home page and stories", color: "#228be6" },
  { name: "Restricted", description: "Not to be shown outside the institution", color: "#fa5252" },
];

export const DEMO_TAGS: TagBody[] = TAGS.map((tag) => TagBody.parse(tag));
