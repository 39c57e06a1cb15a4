import { PERMISSIONS, VOCABULARY_LIMITS } from "@repox/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { containerTypeBody, created, datastreamTypeBody, propertyBody } from "../content-model/testing.ts";
import { vocabularyPort } from "./content-model-port.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
});
afterAll(() => t.close());

type Caller = TestTenant["admin"];

async function newVocabulary(caller: Caller, name: string, extra: Record<string, string> = {}): Promise<string> {
  const created = await caller.request("POST", "/api/vocabularies", { name, ...extra });
  if (created.statusCode !== 201) throw new Error(`newVocabulary: ${created.body}`);
  return created.json().uuid;
}

async function addTerms(caller: Caller, uuid: string, terms: { termId: string; label: string; termUri?: string }[]) {
  for (const term of terms) {
    const created = await caller.request("POST", `/api/vocabularies/${uuid}/terms`, term);
    if (created.statusCode !== 201) throw new Error(`addTerms: ${created.body}`);
  }
}

const labels = (body: { content: { label: string }[] }) => body.content.map((term) => term.label);

describe("vocabularies", () => {
  it("creates, reads, lists, updates and deletes a vocabulary", async () => {
    const created = await tenant.admin.request("POST", "/api/vocabularies", {
      name: " Subjects ",
      description: "Library subjects",
      vocUri: "https://example.org/subjects",
    });
    expect(created.statusCode).toBe(201);
    const vocabulary = created.json();
    expect(vocabulary).toMatchObject({
      name: "Subjects",
      description: "Library subjects",
      vocUri: "https://example.org/subjects",
      termCount: 0,
    });

    expect((await tenant.admin.request("GET", `/api/vocabularies/${vocabulary.uuid}`)).json().name).toBe("Subjects");
    const list = await tenant.admin.request("GET", "/api/vocabularies?page=0&size=5");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ number: 0, size: 5, first: true, pageable: { pageNumber: 0, pageSize: 5 } });
    expect(list.json().content.map((v: { name: string }) => v.name)).toContain("Subjects");

    const updated = await tenant.admin.request("PUT", `/api/vocabularies/${vocabulary.uuid}`, {
      name: "Subject headings",
      description: "",
      vocUri: "",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ uuid: vocabulary.uuid, name: "Subject headings", vocUri: "" });

    expect((await tenant.admin.request("DELETE", `/api/vocabularies/${vocabulary.uuid}`)).statusCode).toBe(204);
    const gone = await tenant.admin.request("GET", `/api/vocabularies/${vocabulary.uuid}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(`Vocabulary ${vocabulary.uuid} not found`);
  });

  it("keeps names unique per tenant, whatever their case", async () => {
    const first = await newVocabulary(tenant.admin, "Places");
    const again = await tenant.admin.request("POST", "/api/vocabularies", { name: "places" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("A vocabulary named 'places' already exists");
    const other = await newVocabulary(tenant.admin, "Persons");
    const rename = await tenant.admin.request("PUT", `/api/vocabularies/${other}`, { name: "PLACES" });
    expect(rename.statusCode).toBe(409);
    // Renaming a vocabulary to its own name in another case is not a clash.
    expect((await tenant.admin.request("PUT", `/api/vocabularies/${first}`, { name: "PLACES" })).statusCode).toBe(200);
    const elsewhere = await t.newTenant();
    expect((await elsewhere.admin.request("POST", "/api/vocabularies", { name: "Places" })).statusCode).toBe(201);
  });

  it("refuses bad fields with a message naming the field", async () => {
    const noName = await tenant.admin.request("POST", "/api/vocabularies", { name: "  ", description: "x" });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain("name");
    const script = await tenant.admin.request("POST", "/api/vocabularies", { name: "Bad URI", vocUri: "javascript:alert(1)" });
    expect(script.statusCode).toBe(400);
    expect(script.json().message).toContain("vocUri must be a valid http or https URL");
    const long = await tenant.admin.request("POST", "/api/vocabularies", { name: "Long", description: "x".repeat(256) });
    expect(long.statusCode).toBe(400);
    expect((await tenant.admin.request("GET", "/api/vocabularies/not-a-uuid")).statusCode).toBe(400);
    expect((await tenant.admin.request("GET", "/api/vocabularies?page=-1")).statusCode).toBe(400);
  });

  it("pages the list by name and searches names ignoring case and accents", async () => {
    const own = await t.newTenant();
    for (const name of ["Thésaurus des métiers", "Art styles", "Colours", "Building types"]) await newVocabulary(own.admin, name);
    const first = (await own.admin.request("GET", "/api/vocabularies?page=0&size=2")).json();
    expect(first.content.map((v: { name: string }) => v.name)).toEqual(["Art styles", "Building types"]);
    expect(first).toMatchObject({ totalElements: 4, totalPages: 2, last: false, pageable: { pageSize: 2 } });
    const second = (await own.admin.request("GET", "/api/vocabularies?page=1&size=2")).json();
    expect(second.content.map((v: { name: string }) => v.name)).toEqual(["Colours", "Thésaurus des métiers"]);
    expect(second.last).toBe(true);
    const search = (await own.admin.request("GET", `/api/vocabularies?q=${encodeURIComponent("THESAURUS")}`)).json();
    expect(search.content.map((v: { name: string }) => v.name)).toEqual(["Thésaurus des métiers"]);
  });
});

describe("terms", () => {
  it("adds terms, lists them by label, pages them and counts them on the vocabulary", async () => {
    const uuid = await newVocabulary(tenant.admin, "Materials");
    await addTerms(tenant.admin, uuid, [
      { termId: "m3", label: "wood" },
      { termId: "m1", label: "Bronze", termUri: "https://example.org/materials/bronze" },
      { termId: "m2", label: "clay" },
    ]);
    const page = (await tenant.admin.request("GET", `/api/vocabularies/${uuid}/terms?page=0&size=2`)).json();
    expect(labels(page)).toEqual(["Bronze", "clay"]);
    expect(page.content[0]).toEqual({ termId: "m1", label: "Bronze", termUri: "https://example.org/materials/bronze" });
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2, first: true, last: false, pageable: { pageSize: 2 } });
    expect(labels((await tenant.admin.request("GET", `/api/vocabularies/${uuid}/terms?page=1&size=2`)).json())).toEqual(["wood"]);
    expect((await tenant.admin.request("GET", `/api/vocabularies/${uuid}`)).json().termCount).toBe(3);
  });

  it("searches term ids and labels ignoring case and accents; an empty search lists all", async () => {
    const uuid = await newVocabulary(tenant.admin, "Drinks");
    await addTerms(tenant.admin, uuid, [
      { termId: "bev-001", label: "Café au lait" },
      { termId: "bev-002", label: "Espresso" },
      { termId: "bev-003", label: "Green tea" },
      { termId: "CAF-9", label: "Mocha" },
    ]);
    const search = async (q: string) =>
      labels((await tenant.admin.request("GET", `/api/vocabularies/${uuid}/terms?q=${encodeURIComponent(q)}`)).json());
    expect(await search("CAFE")).toEqual(["Café au lait"]);
    expect(await search("caf")).toEqual(["Café au lait", "Mocha"]);
    expect(await search("bev-002")).toEqual(["Espresso"]);
    expect(await search("ea")).toEqual(["Green tea"]);
    // LIKE wildcards are searched for, not obeyed.
    expect(await search("%_%")).toEqual([]);
    expect(await search("")).toEqual(["Café au lait", "Espresso", "Green tea", "Mocha"]);
    const counted = (await tenant.admin.request("GET", `/api/vocabularies/${uuid}/terms?q=caf`)).json();
    expect(counted.totalElements).toBe(2);
  });

  it("edits and deletes a term, including term ids that need escaping in the URL", async () => {
    const uuid = await newVocabulary(tenant.admin, "Odd ids");
    const termId = "a/b c?d#é";
    await addTerms(tenant.admin, uuid, [{ termId, label: "Odd" }]);
    const path = `/api/vocabularies/${uuid}/terms/${encodeURIComponent(termId)}`;
    const updated = await tenant.admin.request("PUT", path, { label: "Even", termUri: "http://example.org/even" });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ termId, label: "Even", termUri: "http://example.org/even" });
    expect((await tenant.admin.request("GET", `/api/vocabularies/${uuid}/terms`)).json().content).toEqual([
      { termId, label: "Even", termUri: "http://example.org/even" },
    ]);
    expect((await tenant.admin.request("GET", `/api/vocabularies/${uuid}`)).json().termCount).toBe(1);
    expect((await tenant.admin.request("DELETE", path)).statusCode).toBe(204);
    expect((await tenant.admin.request("GET", `/api/vocabularies/${uuid}`)).json().termCount).toBe(0);
    const missing = await tenant.admin.request("DELETE", path);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(`Term '${termId}' not found in this vocabulary`);
    expect((await tenant.admin.request("PUT", path, { label: "x" })).statusCode).toBe(404);
  });

  it("edits and deletes a term whose id has the longest length allowed, in letters that need escaping", async () => {
    const uuid = await newVocabulary(tenant.admin, "Long ids");
    const termId = "é".repeat(VOCABULARY_LIMITS.termIdMaxLength);
    await addTerms(tenant.admin, uuid, [{ termId, label: "Long" }]);
    const path = `/api/vocabularies/${uuid}/terms/${encodeURIComponent(termId)}`;
    const updated = await tenant.admin.request("PUT", path, { label: "Longer" });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().termId).toBe(termId);
    expect((await tenant.admin.request("DELETE", path)).statusCode).toBe(204);
    const tooLong = await tenant.admin.request("PUT", `${path}x`, { label: "Too long" });
    expect(tooLong.statusCode).toBe(400);
  });

  it("refuses a duplicate term id and invalid fields", async () => {
    const uuid = await newVocabulary(tenant.admin, "Shapes");
    await addTerms(tenant.admin, uuid, [{ termId: "sq", label: "Square" }]);
    const dup = await tenant.admin.request("POST", `/api/vocabularies/${uuid}/terms`, { termId: "sq", label: "Another square" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe("A term with termId 'sq' already exists in this vocabulary");
    // Ids are identifiers: another case is another term.
    expect((await tenant.admin.request("POST", `/api/vocabularies/${uuid}/terms`, { termId: "SQ", label: "Big square" })).statusCode).toBe(
      201,
    );
    const noLabel = await tenant.admin.request("POST", `/api/vocabularies/${uuid}/terms`, { termId: "ci", label: "" });
    expect(noLabel.statusCode).toBe(400);
    expect(noLabel.json().message).toContain("label is required");
    const badUri = await tenant.admin.request("POST", `/api/vocabularies/${uuid}/terms`, {
      termId: "tr",
      label: "Triangle",
      termUri: "not a url",
    });
    expect(badUri.statusCode).toBe(400);
    expect(badUri.json().message).toContain("termUri must be a valid http or https URL");
    const tab = await tenant.admin.request("POST", `/api/vocabularies/${uuid}/terms`, { termId: "a\tb", label: "Tab" });
    expect(tab.statusCode).toBe(400);
    const unknown = await tenant.admin.request("POST", "/api/vocabularies/00000000-0000-4000-8000-000000000000/terms", {
      termId: "x",
      label: "X",
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("usages", () => {
  it("answers no content usage, and lists the properties and types drawing on the vocabulary", async () => {
    const uuid = await newVocabulary(tenant.admin, "Genres");
    expect((await tenant.admin.request("POST", `/api/vocabularies/${uuid}/usages`)).json()).toEqual({ containers: [], datastreams: [] });
    expect((await tenant.admin.request("POST", `/api/vocabularies/${uuid}/usages_cm`)).json()).toEqual({
      properties: [],
      containerTypes: [],
      datastreamTypes: [],
    });

    const details = JSON.stringify({ vocabularyId: uuid, values: [] });
    await created(
      tenant.admin,
      "/api/properties",
      propertyBody("genre", { displayName: "Genre", propertyType: "vocabulary-flat", propertyDetails: details }),
    );
    await created(tenant.admin, "/api/properties", propertyBody("title", { displayName: "Title" }));
    await created(
      tenant.admin,
      "/api/container_types",
      containerTypeBody("book", { name: "Book" }, [{ propertyKey: "genre" }, { propertyKey: "title" }]),
    );
    await created(tenant.admin, "/api/datastream_types", datastreamTypeBody("scan", { name: "Scan" }, [{ propertyKey: "title" }]));

    const usages = await tenant.admin.request("POST", `/api/vocabularies/${uuid}/usages_cm`);
    expect(usages.json()).toEqual({
      properties: [{ propertyKey: "genre", displayName: "Genre" }],
      containerTypes: [{ code: "book", name: "Book" }],
      datastreamTypes: [],
    });
    const remove = await tenant.admin.request("DELETE", `/api/vocabularies/${uuid}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe("The vocabulary 'Genres' is used by the properties Genre (genre) and cannot be deleted");
    expect((await tenant.admin.request("GET", `/api/vocabularies/${uuid}`)).statusCode).toBe(200);
  });
});

describe("access", () => {
  it("lets every signed-in user read, and only content-model editors write", async () => {
    const uuid = await newVocabulary(tenant.admin, "Readable");
    await addTerms(tenant.admin, uuid, [{ termId: "r1", label: "One" }]);
    const reader = await tenant.newUser({ username: "vocreader" });
    expect((await reader.request("GET", "/api/vocabularies")).statusCode).toBe(200);
    expect((await reader.request("GET", `/api/vocabularies/${uuid}/terms`)).json().content).toHaveLength(1);
    expect((await reader.request("POST", `/api/vocabularies/${uuid}/usages_cm`)).statusCode).toBe(200);

    const refusals = await Promise.all([
      reader.request("POST", "/api/vocabularies", { name: "Mine" }),
      reader.request("PUT", `/api/vocabularies/${uuid}`, { name: "Mine" }),
      reader.request("DELETE", `/api/vocabularies/${uuid}`),
      reader.request("POST", `/api/vocabularies/${uuid}/terms`, { termId: "r2", label: "Two" }),
      reader.request("PUT", `/api/vocabularies/${uuid}/terms/r1`, { label: "Uno" }),
      reader.request("DELETE", `/api/vocabularies/${uuid}/terms/r1`),
      reader.request("POST", `/api/vocabularies/${uuid}/import`, { data: [{ termId: "r3", label: "Three" }] }),
      reader.request("POST", `/api/vocabularies/${uuid}/load`),
    ]);
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(403);
      expect(refusal.json().message).toContain(PERMISSIONS.settingsContentModelEdit);
    }

    const editor = await tenant.newUser({ username: "voceditor", permissions: [PERMISSIONS.settingsContentModelEdit] });
    expect((await editor.request("POST", `/api/vocabularies/${uuid}/terms`, { termId: "r2", label: "Two" })).statusCode).toBe(201);
    expect((await tenant.anonymous.request("GET", "/api/vocabularies")).statusCode).toBe(401);
  });

  it("hides one tenant's vocabularies and terms from another, even by uuid", async () => {
    const uuid = await newVocabulary(tenant.admin, "Private to A");
    await addTerms(tenant.admin, uuid, [{ termId: "a1", label: "Alpha" }]);
    const other = await t.newTenant();
    const b = other.admin;

    expect((await b.request("GET", "/api/vocabularies?size=200")).json().content.map((v: { uuid: string }) => v.uuid)).not.toContain(uuid);
    const attempts = await Promise.all([
      b.request("GET", `/api/vocabularies/${uuid}`),
      b.request("PUT", `/api/vocabularies/${uuid}`, { name: "Taken over" }),
      b.request("DELETE", `/api/vocabularies/${uuid}`),
      b.request("GET", `/api/vocabularies/${uuid}/terms`),
      b.request("POST", `/api/vocabularies/${uuid}/terms`, { termId: "b1", label: "Beta" }),
      b.request("PUT", `/api/vocabularies/${uuid}/terms/a1`, { label: "Changed" }),
      b.request("DELETE", `/api/vocabularies/${uuid}/terms/a1`),
      b.request("POST", `/api/vocabularies/${uuid}/import`, { data: [{ termId: "b2", label: "Beta" }] }),
      b.request("POST", `/api/vocabularies/${uuid}/export`, { format: "XLSX" }),
      b.request("POST", `/api/vocabularies/${uuid}/usages`),
      b.request("POST", `/api/vocabularies/${uuid}/usages_cm`),
    ]);
    for (const attempt of attempts) expect(attempt.statusCode).toBe(404);
    // A's token is no key to B.
    expect((await other.as(tenant.admin.token).request("GET", `/api/vocabularies/${uuid}`)).statusCode).toBe(401);

    // The search function that serves the trigram index filters by tenant itself: B's transaction finds nothing of A's.
    const seenByB = await inTenant(t.db, other.id, (trx) =>
      sql<{ term_id: string }>`select term_id from vocabulary_term_matches(${uuid}, '%')`.execute(trx),
    );
    expect(seenByB.rows).toEqual([]);
    const seenByA = await inTenant(t.db, tenant.id, (trx) =>
      sql<{ term_id: string }>`select term_id from vocabulary_term_matches(${uuid}, '%')`.execute(trx),
    );
    expect(seenByA.rows).toEqual([{ term_id: "a1" }]);

    const terms = (await tenant.admin.request("GET", `/api/vocabularies/${uuid}/terms`)).json().content;
    expect(terms).toEqual([{ termId: "a1", label: "Alpha", termUri: "" }]);
    expect((await tenant.admin.request("GET", `/api/vocabularies/${uuid}`)).json().name).toBe("Private to A");
  });
});

describe("content-model port", () => {
  it("exports every vocabulary with its terms and loads one into another tenant: created, then skipped, else refused", async () => {
    const source = await t.newTenant();
    const uuid = await newVocabulary(source.admin, "Techniques", { description: "How", vocUri: "https://example.org/techniques" });
    await addTerms(source.admin, uuid, [
      { termId: "t2", label: "Weaving" },
      { termId: "t1", label: "Carving", termUri: "https://example.org/carving" },
    ]);
    const exported = await inTenant(t.db, source.id, (trx) => vocabularyPort.exportAll(trx));
    expect(exported).toEqual([
      {
        uuid,
        name: "Techniques",
        description: "How",
        vocUri: "https://example.org/techniques",
        terms: [
          { termId: "t1", label: "Carving", termUri: "https://example.org/carving" },
          { termId: "t2", label: "Weaving", termUri: "" },
        ],
      },
    ]);
    const file = exported[0];
    if (!file) throw new Error("nothing exported");

    const target = await t.newTenant();
    const first = await inTenant(t.db, target.id, (trx) => vocabularyPort.importOne(trx, target.id, file));
    expect(first.outcome).toBe("created");
    const createdUuid = first.outcome === "created" ? first.uuid : "";
    expect(createdUuid).not.toBe(uuid);
    expect((await target.admin.request("GET", `/api/vocabularies/${createdUuid}/terms`)).json().content).toEqual(file.terms);
    expect(await inTenant(t.db, target.id, (trx) => vocabularyPort.importOne(trx, target.id, file))).toEqual({
      outcome: "skipped",
      uuid: createdUuid,
    });

    const changed = { ...file, terms: [{ termId: "t1", label: "Chiselling", termUri: "" }] };
    expect(await inTenant(t.db, target.id, (trx) => vocabularyPort.importOne(trx, target.id, changed))).toEqual({
      outcome: "refused",
      reason: "A different vocabulary named 'Techniques' already exists",
    });
    const broken = { ...file, name: "Broken", terms: [{ termId: "b1", label: "", termUri: "" }] };
    expect(await inTenant(t.db, target.id, (trx) => vocabularyPort.importOne(trx, target.id, broken))).toEqual({
      outcome: "refused",
      reason: "The vocabulary's term 1 ('b1'): label is required",
    });

    expect(await inTenant(t.db, target.id, (trx) => vocabularyPort.exists(trx, createdUuid))).toBe(true);
    expect(await inTenant(t.db, target.id, (trx) => vocabularyPort.exists(trx, uuid))).toBe(false);
  });
});
