// Test helpers for IIIF Presentation: a content model with a rights property and a collection type, publishing, the
// derivative jobs run at once, and every document read by @iiif/parser (normalised, and strictly upgraded with its
// warnings collected), as a viewer's library reads it.
import { normalize } from "@iiif/parser";
import { presentation3StrictUpgrade } from "@iiif/parser/strict";
import type { LightMyRequestResponse } from "fastify";
import type { Caller, TestApp } from "../../../test/test-app.ts";
import { created, datastreamTypeBody, newContainerType, propertyBody } from "../../containers/testing.ts";

export type Json = Record<string, unknown> & { items?: Json[] };

/**
 * Properties title (with a `lang` qualifier), creator (repeatable), notes (rich text), shelfmark, licence (named
 * "Rights", so the default Dublin Core mapping sends it to `rights`); datastream type `file`; container types `item`
 * and `fonds` (a collection for OAI, so for IIIF too). `item` lists shelfmark (no group), title (group Identity), notes
 * (group Description), creator (Identity), licence (no group): its form shows Identity (title, creator), Description
 * (notes), then shelfmark and licence.
 */
export async function setUpIiifModel(caller: Caller): Promise<void> {
  await created(caller, "/api/property_qualifiers", {
    qualifierKey: "lang",
    qualifierName: "Language",
    qualifierDetails: '{"values":["en","el"]}',
  });
  await created(caller, "/api/properties", propertyBody("title", { displayName: "Title", qualifiers: ["lang"] }));
  await created(caller, "/api/properties", propertyBody("creator", { displayName: "Creator", repeatable: true }));
  await created(caller, "/api/properties", propertyBody("notes", { displayName: "Notes", propertyType: "rich-text" }));
  await created(caller, "/api/properties", propertyBody("shelfmark", { displayName: "Shelfmark" }));
  await created(caller, "/api/properties", propertyBody("licence", { displayName: "Rights" }));
  const identity = (await created<{ id: number }>(caller, "/api/property_groups", { name: "Identity" })).id;
  const description = (await created<{ id: number }>(caller, "/api/property_groups", { name: "Description" })).id;
  await created(caller, "/api/datastream_types", datastreamTypeBody("file"));
  await newContainerType(caller, "item", {}, [
    { propertyKey: "shelfmark", position: 0 },
    { propertyKey: "title", position: 1, groupId: identity },
    { propertyKey: "notes", position: 2, groupId: description },
    { propertyKey: "creator", position: 3, groupId: identity, repeatable: true },
    { propertyKey: "licence", position: 4 },
  ]);
  await newContainerType(caller, "fonds");
  const settings = (await caller.request("GET", "/api/settings/oai")).json();
  const saved = await caller.request("PUT", "/api/settings/oai", { ...settings, collectionTypes: ["fonds"] });
  if (saved.statusCode !== 200) throw new Error(`OAI settings answered ${saved.statusCode}: ${saved.body}`);
}

export async function setPublished(caller: Caller, uuid: string, published: boolean): Promise<void> {
  const answer = await caller.request("POST", `/api/containers/${uuid}/${published ? "publish" : "unpublish"}`);
  if (answer.statusCode !== 200) throw new Error(`publish answered ${answer.statusCode}: ${answer.body}`);
}

/** Runs every queued job (thumbnails and previews) now. */
export async function runJobs(t: TestApp): Promise<void> {
  while (await t.services.jobs.runNextJob()) {
    // Each call claims and runs one job.
  }
}

/** A document's JSON after checking what every IIIF answer carries: 200, the profiled JSON-LD type, open CORS. */
export function documentOf(answer: LightMyRequestResponse): Json {
  if (answer.statusCode !== 200) throw new Error(`The IIIF document answered ${answer.statusCode}: ${answer.body}`);
  if (answer.headers["content-type"] !== 'application/ld+json;profile="http://iiif.io/api/presentation/3/context.json"') {
    throw new Error(`Content-Type ${answer.headers["content-type"]}`);
  }
  if (answer.headers["access-control-allow-origin"] !== "*") throw new Error("no Access-Control-Allow-Origin: *");
  return answer.json();
}

/** The body its painting annotation puts on a canvas. */
export function paintingBody(canvas: Json | undefined): Json | undefined {
  return canvas?.items?.[0]?.items?.[0]?.body as Json | undefined;
}

/** What @iiif/parser makes of a document: its normalised entities by type (throws on what it cannot read). */
export function parsed(document: Json) {
  const { entities, resource } = normalize(document);
  const count = (type: keyof typeof entities) => Object.keys(entities[type]).length;
  return {
    resource,
    manifests: count("Manifest"),
    collections: count("Collection"),
    canvases: count("Canvas"),
    annotations: count("Annotation"),
    resources: count("ContentResource"),
    services: count("Service"),
  };
}

/** The warnings of @iiif/parser's strict Presentation 3 upgrade: what it had to correct in a manifest. */
export function strictWarnings(manifest: Json): string[] {
  const state = { warnings: [] as string[] };
  presentation3StrictUpgrade(manifest as unknown as Parameters<typeof presentation3StrictUpgrade>[0], state);
  return state.warnings;
}
