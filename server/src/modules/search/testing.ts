// Test helpers for search: a small content model with one property of each searchable type, and the two search calls.
import type { Caller } from "../../test/test-app.ts";
import { created, datastreamTypeBody, newContainerType, propertyBody } from "../containers/testing.ts";

export type SearchAnswer = {
  containers: { uuid: string; label: string; type: { code: string; name: string } }[];
  datastreams: { uuid: string; label: string; parentUuid: string | null; membership: { uuid: string }[]; mimeType: string }[];
  users: { uuid: string; username: string; firstname: string; lastname: string; email: string }[];
  groups: { id: number; name: string; description: string }[];
};

/**
 * - item (top level): description (text-area), notes (rich-text), material (enum), tags (multi-select), place
 *   (spatial-map), subject (vocabulary "Subjects": hist History, geo Geography), year (number)
 * - box (top level, accepts everything), datastream type file
 */
export async function setUpSearchModel(caller: Caller): Promise<{ vocabularyId: string }> {
  const vocabulary = await created<{ uuid: string }>(caller, "/api/vocabularies", { name: "Subjects" });
  for (const [termId, label] of [
    ["hist", "History"],
    ["geo", "Geography"],
  ]) {
    await created(caller, `/api/vocabularies/${vocabulary.uuid}/terms`, { termId, label });
  }
  const properties = [
    propertyBody("description", { propertyType: "text-area" }),
    propertyBody("notes", { propertyType: "rich-text" }),
    propertyBody("material", { propertyType: "enum", propertyDetails: '{"values":["Terracotta","Bronze"]}' }),
    propertyBody("tags", { propertyType: "multi-select", propertyDetails: '{"values":["fragile","loaned","Ελληνικά"]}' }),
    propertyBody("place", { propertyType: "spatial-map" }),
    propertyBody("subject", { propertyType: "vocabulary-flat", propertyDetails: JSON.stringify({ vocabularyId: vocabulary.uuid }) }),
    propertyBody("year", { propertyType: "number" }),
  ];
  for (const property of properties) await created(caller, "/api/properties", property);
  await created(caller, "/api/datastream_types", datastreamTypeBody("file"));
  await newContainerType(
    caller,
    "item",
    {},
    properties.map((property, position) => ({ propertyKey: property.propertyKey, position })),
  );
  await newContainerType(caller, "box");
  return { vocabularyId: vocabulary.uuid };
}

export async function search(caller: Caller, q: string, body?: unknown, size?: number): Promise<SearchAnswer> {
  const url = `/api/search?q=${encodeURIComponent(q)}${size === undefined ? "" : `&size=${size}`}`;
  const answer = await caller.request("POST", url, body);
  if (answer.statusCode !== 200) throw new Error(`POST ${url} answered ${answer.statusCode}: ${answer.body}`);
  return answer.json();
}

/** Labels of the containers found, best first. */
export async function containerLabels(caller: Caller, q: string, body?: unknown): Promise<string[]> {
  return (await search(caller, q, body)).containers.map((container) => container.label);
}

export async function pickContainers(caller: Caller, body: unknown): Promise<{ uuid: string; label: string; type: { code: string } }[]> {
  const answer = await caller.request("POST", "/api/containers/search", body);
  if (answer.statusCode !== 200) throw new Error(`POST /api/containers/search answered ${answer.statusCode}: ${answer.body}`);
  return answer.json();
}
