import { PERMISSIONS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../test/multipart.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { type DatastreamAnswer, getDatastream, newBox, setUpFileModel, uploadOne, uploadRequest } from "./testing.ts";

let t: TestApp;
let tenantA: TestTenant;
let tenantB: TestTenant;
let boxA: string;
let boxB: string;
let fileA: DatastreamAnswer;
let fileB: DatastreamAnswer;

beforeAll(async () => {
  t = await createTestApp();
  tenantA = await t.newTenant();
  tenantB = await t.newTenant();
  for (const tenant of [tenantA, tenantB]) await setUpFileModel(tenant.admin);
  boxA = await newBox(tenantA.admin, "A's box");
  boxB = await newBox(tenantB.admin, "B's box");
  fileA = await uploadOne(tenantA.admin, boxA, { name: "secret.txt", content: Buffer.from("tenant A's secret\n") });
  fileB = await uploadOne(tenantB.admin, boxB, { name: "mine.txt", content: Buffer.from("tenant B's file\n") });
});
afterAll(() => t.close());

type Call = [method: "GET" | "POST" | "PUT", url: string, body?: unknown];

const reads = (uuid: string): Call[] => [
  ["GET", `/api/datastreams/${uuid}`],
  ["GET", `/api/datastreams/${uuid}/activity`],
  ["POST", `/api/datastreams/${uuid}/urls`],
  ["GET", `/api/datastreams/${uuid}/preview`],
  ["GET", `/api/datastreams/${uuid}/download`],
  ["POST", `/api/datastreams/${uuid}/download`],
];
const edits = (uuid: string, container: string, other: string): Call[] => [
  ["PUT", `/api/datastreams/${uuid}`, { label: "Changed", properties: [] }],
  ["PUT", `/api/datastreams/${uuid}/label`, { label: "Changed" }],
  ["PUT", `/api/datastreams/${uuid}/color`, { color: "#000" }],
  ["POST", `/api/datastreams/${uuid}/move`, { from: container, to: other }],
  ["POST", `/api/datastreams/${uuid}/link?to=${other}`],
];

describe("who may use datastreams", () => {
  it("answers 401 without a token, for every route", async () => {
    const body = await multipart([{ name: "x.txt", content: Buffer.from("x") }], { type: "file" });
    const upload = await tenantA.anonymous.request("POST", `/api/datastreams?to=${boxA}`, body.payload, {
      "content-type": body.contentType,
    });
    expect(upload.statusCode).toBe(401);
    for (const [method, url, payload] of [
      ...reads(fileA.uuid),
      ...edits(fileA.uuid, boxA, boxA),
      ["POST", `/api/datastreams/${fileA.uuid}/remove?from=${boxA}`] as Call,
      ["GET", `/api/datastreams/${fileA.uuid}/thumb/preview`] as Call,
      ["GET", "/api/storage/info"] as Call,
      ["GET", "/api/storage/items"] as Call,
    ]) {
      const answer = await tenantA.anonymous.request(method, url, payload);
      expect([answer.statusCode, answer.json().message], `${method} ${url}`).toEqual([401, "Please sign in"]);
    }
  });

  it("lets every signed-in user read, refuses changes without repox.store.content.edit and removal without .delete", async () => {
    const reader = await tenantA.newUser();
    for (const [method, url] of reads(fileA.uuid)) {
      expect((await reader.request(method, url)).statusCode, `${method} ${url}`).toBe(200);
    }
    const other = await newBox(tenantA.admin, "Other");
    for (const [method, url, body] of edits(fileA.uuid, boxA, other)) {
      const answer = await reader.request(method, url, body);
      expect([answer.statusCode, answer.json().message], `${method} ${url}`).toEqual([
        403,
        `You do not have permission to do this (requires ${PERMISSIONS.contentEdit})`,
      ]);
    }
    const upload = await uploadRequest(reader, boxA, [{ name: "x.txt", content: Buffer.from("x") }], { type: "file" });
    expect(upload.statusCode).toBe(403);
    const editor = await tenantA.newUser({ permissions: [PERMISSIONS.contentEdit] });
    const removal = await editor.request("POST", `/api/datastreams/${fileA.uuid}/remove?from=${boxA}`);
    expect([removal.statusCode, removal.json().message]).toEqual([
      403,
      `You do not have permission to do this (requires ${PERMISSIONS.contentDelete})`,
    ]);
    expect(await getDatastream(tenantA.admin, fileA.uuid)).toMatchObject({
      label: "secret.txt",
      color: null,
      membership: [{ uuid: boxA }],
    });
  });

  it("lets an editor upload and change, and a user holding .delete remove", async () => {
    const editor = await tenantA.newUser({ permissions: [PERMISSIONS.contentEdit] });
    const created = await uploadOne(editor, boxA, { name: "by-editor.txt", content: Buffer.from("editor's\n") });
    expect(created.createdBy?.uuid).toBe(editor.uuid);
    expect((await editor.request("PUT", `/api/datastreams/${created.uuid}/label`, { label: "Renamed" })).statusCode).toBe(200);
    const remover = await tenantA.newUser({ permissions: [PERMISSIONS.contentDelete] });
    const removal = await remover.request("POST", `/api/datastreams/${created.uuid}/remove?from=${boxA}`);
    expect(removal.json()).toMatchObject({ trashed: true });
  });
});

describe("tenants stay apart", () => {
  it("answers 404 at tenant B for every route naming tenant A's datastream", async () => {
    const before = await getDatastream(tenantA.admin, fileA.uuid);
    for (const [method, url, body] of [
      ...reads(fileA.uuid),
      ...edits(fileA.uuid, boxB, boxB),
      ["POST", `/api/datastreams/${fileA.uuid}/remove?from=${boxB}`] as Call,
      ["POST", `/api/datastreams/${fileA.uuid}/remove`] as Call,
      ["GET", `/api/datastreams/${fileA.uuid}/thumb/preview`] as Call,
    ]) {
      const answer = await tenantB.admin.request(method, url, body);
      expect([answer.statusCode, answer.json().message], `${method} ${url}`).toEqual([404, `Datastream ${fileA.uuid} not found`]);
    }
    expect(await getDatastream(tenantA.admin, fileA.uuid)).toEqual(before);
  });

  it("answers 404 at tenant B for uploads, moves and links into tenant A's container", async () => {
    const upload = await uploadRequest(tenantB.admin, boxA, [{ name: "planted.txt", content: Buffer.from("x") }], { type: "file" });
    expect([upload.statusCode, upload.json().message]).toEqual([404, `Container ${boxA} not found`]);
    const move = await tenantB.admin.request("POST", `/api/datastreams/${fileB.uuid}/move`, { from: boxB, to: boxA });
    expect(move.statusCode).toBe(404);
    const link = await tenantB.admin.request("POST", `/api/datastreams/${fileB.uuid}/link?to=${boxA}`);
    expect(link.statusCode).toBe(404);
    const listed = (await tenantA.admin.request("GET", `/api/containers/${boxA}/datastreams`)).json();
    expect(listed.content.map((item: { uuid: string }) => item.uuid)).not.toContain(fileB.uuid);
  });

  it("does not serve tenant A's bytes through tenant B's signed link", async () => {
    const { preview } = (await tenantB.admin.request("POST", `/api/datastreams/${fileB.uuid}/urls`)).json();
    const swapped = await t.app.inject({ method: "GET", url: preview.replace(fileB.uuid, fileA.uuid) });
    expect(swapped.statusCode).toBe(403);
  });
});
