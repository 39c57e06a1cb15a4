// POST /api/search: what a text finds and in which order — accents (Latin and Greek), case, typos, word starts,
// property values of each searchable type, and content that changes (renames, new values, term labels, the trash).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { newContainer, propertyValue } from "../containers/testing.ts";
import { containerLabels, search, setUpSearchModel } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let vocabularyId: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  ({ vocabularyId } = await setUpSearchModel(tenant.admin));
});
afterAll(() => t.close());

const item = (label: string, properties: { key: string; value: unknown }[] = []) =>
  newContainer(tenant.admin, {
    label,
    type: "item",
    properties: properties.map(({ key, value }) => ({ key, value: propertyValue(value) })),
  });

describe("accents and case", () => {
  beforeAll(async () => {
    await item("Café Müller");
    await item("Αθήνα, η πόλη");
    await item("Οδός Θεσσαλονίκης");
    await item("Ευβοϊκός κόλπος");
    await item("ACROPOLIS MUSEUM");
  });

  it("finds Latin labels typed without accents, in any case", async () => {
    expect(await containerLabels(tenant.admin, "cafe")).toEqual(["Café Müller"]);
    expect(await containerLabels(tenant.admin, "MULLER")).toEqual(["Café Müller"]);
    expect(await containerLabels(tenant.admin, "café müller")).toEqual(["Café Müller"]);
  });

  it("finds Greek labels without tonos or dialytika, in capitals, with a final sigma typed as sigma", async () => {
    expect(await containerLabels(tenant.admin, "Αθηνα")).toEqual(["Αθήνα, η πόλη"]);
    expect(await containerLabels(tenant.admin, "ΑΘΗΝΑ")).toEqual(["Αθήνα, η πόλη"]);
    expect(await containerLabels(tenant.admin, "ΘΕΣΣΑΛΟΝΙΚΗΣ")).toEqual(["Οδός Θεσσαλονίκης"]);
    expect(await containerLabels(tenant.admin, "ευβοικος")).toEqual(["Ευβοϊκός κόλπος"]);
  });

  it("finds a label stored in capitals by a query in lower case", async () => {
    expect(await containerLabels(tenant.admin, "acropolis museum")).toEqual(["ACROPOLIS MUSEUM"]);
  });
});

describe("ranking", () => {
  beforeAll(async () => {
    for (const label of ["Oil lamp", "Lampshade", "Clamp", "Lamp stand", "Old lampshade", "Lamp"]) await item(label);
    for (const label of ["Ampora fragment", "Amphorae collection", "Amphora of Delphi"]) await item(label);
  });

  it("puts the exact label first, then labels starting with the text, whole words, word starts, then near spellings", async () => {
    expect(await containerLabels(tenant.admin, "lamp")).toEqual(["Lamp", "Lamp stand", "Lampshade", "Oil lamp", "Old lampshade", "Clamp"]);
  });

  it("ranks word starts above typo matches", async () => {
    expect(await containerLabels(tenant.admin, "amphora")).toEqual(["Amphora of Delphi", "Amphorae collection", "Ampora fragment"]);
  });

  it("tolerates typos: swapped and missing letters", async () => {
    expect(await containerLabels(tenant.admin, "Acropolsi")).toEqual(["ACROPOLIS MUSEUM"]);
    expect(await containerLabels(tenant.admin, "Amfora")).toContain("Amphora of Delphi");
    expect(await containerLabels(tenant.admin, "museum acropols")).toEqual(["ACROPOLIS MUSEUM"]);
  });

  it("finds labels by the starts of several words, in any order", async () => {
    await item("Bronze amphora");
    expect(await containerLabels(tenant.admin, "amph bron")).toEqual(["Bronze amphora"]);
  });

  it("finds word starts shared by more known words than it expands (matched as a prefix instead)", async () => {
    const letters = "abcdefghijklmnopqrstuvwxyz";
    for (let i = 0; i < 36; i++) await item(`Zeta${letters[i % 26]}${letters[Math.floor(i / 26)]}q`);
    await item("Omega zetazzq box");
    expect(await containerLabels(tenant.admin, "box zeta")).toEqual(["Omega zetazzq box"]);
    expect(await search(tenant.admin, "zeta", undefined, 50).then((found) => found.containers.length)).toBe(37);
  });

  it("answers at most `size` per group and nothing for a text that matches nothing", async () => {
    expect((await search(tenant.admin, "lamp", undefined, 2)).containers.map((c) => c.label)).toEqual(["Lamp", "Lamp stand"]);
    expect(await containerLabels(tenant.admin, "zzqxv")).toEqual([]);
    expect(await search(tenant.admin, "   ")).toEqual({ containers: [], datastreams: [], users: [], groups: [] });
  });
});

describe("property values", () => {
  beforeAll(async () => {
    await item("Vase 1", [{ key: "description", value: "Found during the excavation of 1932.\nRestored twice." }]);
    await item("Vase 2", [{ key: "notes", value: "<p>Painted by <strong>Giotto</strong> &amp; pupils</p>" }]);
    await item("Vase 3", [{ key: "material", value: "Terracotta" }]);
    await item("Vase 4", [{ key: "tags", value: ["loaned", "Ελληνικά"] }]);
    await item("Vase 5", [{ key: "place", value: { placename: "Ηράκλειο", longitude: 25.1, latitude: 35.3 } }]);
    await item("Vase 6", [{ key: "subject", value: ["geo"] }]);
    await item("Vase 7", [{ key: "year", value: 1932 }]);
    await item("Giotto sketch");
  });

  it("finds text-area, enum, multi-select and spatial-map values", async () => {
    expect(await containerLabels(tenant.admin, "excavation")).toEqual(["Vase 1"]);
    expect(await containerLabels(tenant.admin, "restored")).toEqual(["Vase 1"]);
    expect(await containerLabels(tenant.admin, "terracotta")).toEqual(["Vase 3"]);
    expect(await containerLabels(tenant.admin, "loaned")).toEqual(["Vase 4"]);
    expect(await containerLabels(tenant.admin, "ελληνικα")).toEqual(["Vase 4"]);
    expect(await containerLabels(tenant.admin, "ηρακλειο")).toEqual(["Vase 5"]);
  });

  it("finds rich text by its words, not its tags or entities", async () => {
    expect(await containerLabels(tenant.admin, "pupils")).toEqual(["Vase 2"]);
    expect(await containerLabels(tenant.admin, "strong")).toEqual([]);
    expect(await containerLabels(tenant.admin, "amp")).not.toContain("Vase 2");
  });

  it("finds vocabulary values by the term's label, and follows a renamed term", async () => {
    expect(await containerLabels(tenant.admin, "geography")).toEqual(["Vase 6"]);
    const renamed = await tenant.admin.request("PUT", `/api/vocabularies/${vocabularyId}/terms/geo`, { label: "Maps and charts" });
    expect(renamed.statusCode).toBe(200);
    expect(await containerLabels(tenant.admin, "maps charts")).toEqual(["Vase 6"]);
    expect(await containerLabels(tenant.admin, "geography")).toEqual([]);
  });

  it("does not search numbers of number properties", async () => {
    expect(await containerLabels(tenant.admin, "1932")).toEqual(["Vase 1"]);
  });

  it("puts label matches above property value matches, and finds words split between label and values", async () => {
    expect(await containerLabels(tenant.admin, "giotto")).toEqual(["Giotto sketch", "Vase 2"]);
    expect(await containerLabels(tenant.admin, "vase excavation")).toEqual(["Vase 1"]);
  });

  it("leaves property values out with field label (the move picker)", async () => {
    expect(await containerLabels(tenant.admin, "giotto", { field: "label", operation: "OP_CONTAINER", value: "giotto" })).toEqual([
      "Giotto sketch",
    ]);
  });
});

describe("changes", () => {
  it("follows renames and replaced values", async () => {
    const vase = await item("Krater", [{ key: "description", value: "black figure" }]);
    expect(await containerLabels(tenant.admin, "krater")).toEqual(["Krater"]);
    const updated = await tenant.admin.request("PUT", `/api/containers/${vase.uuid}`, {
      id: vase.uuid,
      label: "Kylix",
      properties: [{ key: "description", value: propertyValue("red figure") }],
    });
    expect(updated.statusCode).toBe(200);
    expect(await containerLabels(tenant.admin, "krater")).toEqual([]);
    expect(await containerLabels(tenant.admin, "kylix")).toEqual(["Kylix"]);
    expect(await containerLabels(tenant.admin, "black figure")).toEqual([]);
    expect(await containerLabels(tenant.admin, "red figure")).toEqual(["Kylix"]);
    const emptied = await tenant.admin.request("PUT", `/api/containers/${vase.uuid}`, { id: vase.uuid, label: "Kylix", properties: [] });
    expect(emptied.statusCode).toBe(200);
    expect(await containerLabels(tenant.admin, "red figure")).toEqual([]);
  });

  it("never answers what is in the trash, and answers it again once restored; deleted for good it is gone", async () => {
    const doomed = await item("Doomed pithos", [{ key: "description", value: "cracked" }]);
    expect(await containerLabels(tenant.admin, "pithos")).toEqual(["Doomed pithos"]);
    const removed = await tenant.admin.request("POST", `/api/containers/${doomed.uuid}/remove`);
    expect(removed.statusCode).toBe(200);
    expect(await containerLabels(tenant.admin, "pithos")).toEqual([]);
    expect(await containerLabels(tenant.admin, "cracked")).toEqual([]);
    expect(await containerLabels(tenant.admin, "pithso")).toEqual([]);
    const objects = [{ objectType: "CONTAINER", objectId: doomed.uuid }];
    const restored = await tenant.admin.request("POST", "/api/trash/items/restore", { container: "ROOT", objects });
    expect(restored.statusCode).toBe(200);
    expect(await containerLabels(tenant.admin, "cracked")).toEqual(["Doomed pithos"]);
    expect((await tenant.admin.request("POST", `/api/containers/${doomed.uuid}/remove`)).statusCode).toBe(200);
    expect((await tenant.admin.request("DELETE", "/api/trash/items", { objects })).statusCode).toBe(200);
    expect(await containerLabels(tenant.admin, "pithos")).toEqual([]);
  });
});
