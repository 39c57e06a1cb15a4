// The content the containers spec browses, made through the API as the administrator: three container types (plain
// folders, a record type and a cataloguing type), a small tree of folders, and one folder of 130 children.
import { type APIRequestContext, expect } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "./constants.ts";

const TENANT = "demo";

export const TYPES = {
  file: { code: "cv-file", name: "CV File" },
  folder: { code: "cv-folder", name: "CV Folder" },
  record: { code: "cv-record", name: "CV Record" },
  catalogue: { code: "cv-catalogue", name: "CV Catalogue" },
};

/** A label longer than the breadcrumb's 40 characters, with Greek accents. */
export const LONG_GREEK_LABEL = "Αλληλογραφία της Αθήνας και των Πατρών από το αρχείο";
export const BIG_FOLDER_SIZE = 130;

export type Tree = Record<
  "archive" | "beta" | "letters" | "maps" | "photographs" | "deep" | "empty" | "record" | "catalogue" | "target" | "big",
  string
>;

type Headers = Record<string, string>;

export async function signInThroughApi(request: APIRequestContext): Promise<Headers> {
  const response = await request.post("/api/auth/jwt", {
    headers: { "X-TenantID": TENANT },
    data: { username: "admin", password: E2E_ADMIN_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { jwtToken } = (await response.json()) as { jwtToken: string };
  return { Authorization: `Bearer ${jwtToken}`, "X-TenantID": TENANT };
}

/** Signs in as the administrator; answers a POST that fails the test on anything but 201 and answers the body. */
export async function apiCreator(request: APIRequestContext) {
  const headers = await signInThroughApi(request);
  return async <T>(path: string, data: unknown): Promise<T> => {
    const response = await request.post(`/api${path}`, { headers, data });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
    return (await response.json()) as T;
  };
}

const value = (values: unknown) => JSON.stringify({ values, qualifiers: [] });

export async function setUpContent(request: APIRequestContext): Promise<Tree> {
  const post = await apiCreator(request);
  const container = async (label: string, type: string, parent: string | null, properties: unknown[] = []) =>
    (await post<{ uuid: string }>(`/containers${parent ? `?to=${parent}` : ""}`, { label, type, properties })).uuid;

  const properties = [
    { propertyKey: "cv-title", displayName: "CV Title", propertyType: "text" },
    { propertyKey: "cv-notes", displayName: "CV Notes", propertyType: "text-area" },
    { propertyKey: "cv-summary", displayName: "CV Summary", propertyType: "rich-text" },
    { propertyKey: "cv-site", displayName: "CV Website", propertyType: "url" },
    { propertyKey: "cv-related", displayName: "CV Related", propertyType: "reference", propertyDetails: "{}" },
    { propertyKey: "cv-place", displayName: "CV Place", propertyType: "spatial-map" },
    { propertyKey: "cv-digitised", displayName: "CV Digitised", propertyType: "boolean" },
  ];
  for (const property of properties) await post("/properties", property);

  await post("/datastream_types", { dataStream: TYPES.file, properties: [] });
  await post("/container_types", { container: { ...TYPES.folder, allowedAtRoot: true }, properties: [] });
  await post("/container_types", {
    container: { ...TYPES.record, layout: "RECORD", allowedAtRoot: true },
    properties: [
      { propertyKey: "cv-title", position: 0, mandatory: true },
      { propertyKey: "cv-notes", position: 1 },
    ],
  });
  await post("/container_types", {
    container: { ...TYPES.catalogue, layout: "CATALOGUING", allowedAtRoot: true },
    properties: ["cv-summary", "cv-site", "cv-related", "cv-place", "cv-digitised"].map((propertyKey, position) => ({
      propertyKey,
      position,
    })),
  });

  const folder = TYPES.folder.code;
  const archive = await container("CV Archive", folder, null);
  const beta = await container("CV Beta", folder, null);
  const letters = await container("Letters", folder, archive);
  const maps = await container("Maps", folder, archive);
  const photographs = await container("Photographs", folder, archive);
  const deep = await container(LONG_GREEK_LABEL, folder, letters);
  const empty = await container("CV Empty", folder, null);
  const target = await container("CV Target volume", folder, null);
  const record = await container("CV Ledger", TYPES.record.code, null, [
    { key: "cv-title", value: value("Ledger of 1821") },
    { key: "cv-notes", value: value("Kept by the harbour master") },
  ]);
  const catalogue = await container("CV Manuscript", TYPES.catalogue.code, null, [
    { key: "cv-summary", value: value("<p>A <strong>rare</strong> manuscript</p>") },
    { key: "cv-site", value: value("https://example.org/manuscript") },
    { key: "cv-related", value: value([target]) },
    { key: "cv-place", value: value({ placename: "Athens", latitude: 37.98, longitude: 23.72 }) },
    { key: "cv-digitised", value: value(true) },
  ]);
  const big = await container("CV Big folder", folder, null);
  for (let index = 1; index <= BIG_FOLDER_SIZE; index += 1) {
    await container(`Box ${String(index).padStart(3, "0")}`, folder, big);
  }
  return { archive, beta, letters, maps, photographs, deep, empty, record, catalogue, target, big };
}

/** Uploads one file into a container as a datastream of the CV File type. */
export async function uploadFile(
  request: APIRequestContext,
  container: string,
  file: { name: string; mimeType: string; buffer: Buffer },
  typeCode: string = TYPES.file.code,
) {
  const headers = await signInThroughApi(request);
  const response = await request.post(`/api/datastreams?to=${container}`, {
    headers,
    multipart: { data: JSON.stringify({ type: typeCode }), file },
  });
  expect(response.status(), await response.text()).toBe(201);
}
