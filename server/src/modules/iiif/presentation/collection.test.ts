// IIIF Presentation 3.0 collections through HTTP: a published collection container lists its published children
// (manifests and sub-collections), a large one lists its pages, what is not a published collection answers 404,
// tenants stay apart, @iiif/parser reads every collection, and the public endpoint is rate-limited.
import { IIIF_PRESENTATION_LIMITS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../../test/test-app.ts";
import { insertContainers, newContainer } from "../../containers/testing.ts";
import { removeContainer } from "../../trash/testing.ts";
import { documentOf, type Json, parsed, setPublished, setUpIiifModel } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let fonds: string;
let alpha: string;
let beta: string;

const collectionPath = (uuid: string, of: TestTenant = tenant) => `/${of.code}/iiif/3/collection/${uuid}`;
const getCollection = (uuid: string, query = "", of: TestTenant = tenant) =>
  of.anonymous.request("GET", `${collectionPath(uuid, of)}${query}`);
const EN = (...texts: string[]) => ({ en: texts });
const url = (path: string) => `http://localhost:80${path}`;

beforeAll(async () => {
  t = await createTestApp();
  [tenant, other] = [await t.newTenant(), await t.newTenant()];
  await setUpIiifModel(tenant.admin);
  fonds = (await newContainer(tenant.admin, { label: "Harbour photographs", type: "fonds" })).uuid;
  alpha = (await newContainer(tenant.admin, { label: "Alpha album", type: "item" }, fonds)).uuid;
  beta = (await newContainer(tenant.admin, { label: "Beta series", type: "fonds" }, fonds)).uuid;
  const hiddenItem = (await newContainer(tenant.admin, { label: "Gamma draft", type: "item" }, fonds)).uuid;
  const trashed = (await newContainer(tenant.admin, { label: "Delta removed", type: "item" }, fonds)).uuid;
  await newContainer(tenant.admin, { label: "Epsilon private series", type: "fonds" }, fonds);
  for (const uuid of [fonds, alpha, beta, hiddenItem, trashed]) await setPublished(tenant.admin, uuid, true);
  await setPublished(tenant.admin, hiddenItem, false);
  await removeContainer(tenant.admin, trashed, fonds);
});
afterAll(() => t.close());

describe("the collection of a published collection container", () => {
  it("lists its published children in the content area's order: sub-collections as Collections, others as Manifests", async () => {
    const collection = documentOf(await getCollection(fonds));
    expect(collection).toEqual({
      "@context": "http://iiif.io/api/presentation/3/context.json",
      id: url(collectionPath(fonds)),
      type: "Collection",
      label: EN("Harbour photographs"),
      items: [
        { id: url(`/${tenant.code}/iiif/3/manifest/${alpha}`), type: "Manifest", label: EN("Alpha album") },
        { id: url(collectionPath(beta)), type: "Collection", label: EN("Beta series") },
      ],
    });
    expect(parsed(collection)).toMatchObject({ resource: { type: "Collection", id: collection.id }, collections: 2, manifests: 1 });
    // Each member it names answers.
    for (const member of collection.items ?? []) {
      expect((await t.app.inject({ url: String(member.id).replace("http://localhost:80", "") })).statusCode).toBe(200);
    }
  });

  it("lists the pages of a large collection, each page a Collection part of it; a page past the end is 404", async () => {
    const pageSize = IIIF_PRESENTATION_LIMITS.collectionPageSize;
    const big = (await newContainer(tenant.admin, { label: "Big", type: "fonds" })).uuid;
    await setPublished(tenant.admin, big, true);
    const labels = Array.from({ length: pageSize + 50 }, (_, index) => `Item ${String(index).padStart(4, "0")}`);
    await insertContainers(t, tenant, { parentId: big, typeCode: "item", labels, published: true });
    await insertContainers(t, tenant, { parentId: big, typeCode: "item", labels: ["Zeta unpublished"], published: false });

    const top = documentOf(await getCollection(big));
    expect(top.items).toEqual([
      { id: url(`${collectionPath(big)}?page=0`), type: "Collection", label: EN(`Big (1–${pageSize})`) },
      { id: url(`${collectionPath(big)}?page=1`), type: "Collection", label: EN(`Big (${pageSize + 1}–${pageSize + 50})`) },
    ]);
    expect(parsed(top)).toMatchObject({ collections: 3, manifests: 0 });

    const first = documentOf(await getCollection(big, "?page=0"));
    expect(first).toMatchObject({
      id: url(`${collectionPath(big)}?page=0`),
      partOf: [{ id: url(collectionPath(big)), type: "Collection" }],
    });
    expect(first.items).toHaveLength(pageSize);
    expect((first.items as Json[])[0]?.label).toEqual(EN("Item 0000"));
    const second = documentOf(await getCollection(big, "?page=1"));
    expect((second.items as Json[]).map((item) => item.label)).toEqual(labels.slice(pageSize).map((label) => EN(label)));
    expect(parsed(second)).toMatchObject({ manifests: 50 });

    const past = await getCollection(big, "?page=2");
    expect(past.statusCode).toBe(404);
    expect(past.json().message).toBe(`The collection ${big} has 2 pages (from 0); there is no page 2.`);
    for (const page of ["-1", "x", "1.5"]) {
      const bad = await getCollection(big, `?page=${page}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain("page must be a whole number from 0");
    }
  });
});

describe("what has no collection", () => {
  it("answers 404 for a container of a type that is not a collection, and for an unpublished collection", async () => {
    const notOne = await getCollection(alpha);
    expect(notOne.statusCode).toBe(404);
    expect(notOne.json().message).toBe(`There is no published collection ${alpha}; it is a container of another type.`);
    await setPublished(tenant.admin, beta, false);
    const unpublished = await getCollection(beta);
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.json().message).toBe(`There is no published collection ${beta}.`);
    expect(documentOf(await getCollection(fonds)).items).toEqual([expect.objectContaining({ type: "Manifest" })]);
  });

  it("keeps tenants apart: another tenant's path never shows this tenant's collection", async () => {
    const answer = await getCollection(fonds, "", other);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(`There is no published collection ${fonds}.`);
  });

  it("limits requests per address: past the limit a minute, 429 with a message", async () => {
    // The limit counts this route's requests from this address; the tests above made a few dozen of them.
    const limit = IIIF_PRESENTATION_LIMITS.requestsPerMinute;
    const path = `/${other.code}/iiif/3/collection/not-a-uuid`;
    const statuses: number[] = [];
    let refused: { statusCode: number; json(): { message: string } } | undefined;
    while (!refused && statuses.length <= limit) {
      const answer = await t.app.inject({ url: path });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) refused = answer;
    }
    expect(refused?.json().message).toMatch(/rate limit|too many/i);
    expect(statuses.length).toBeGreaterThan(limit - 50);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([400]));
  });
});
