import { PERMISSIONS } from "@repox/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
});
afterAll(() => t.close());

type Tag = { id: number; name: string; description: string; color: string; scope: string };

async function createTag(body: Record<string, unknown>, of: TestTenant = tenant): Promise<Tag> {
  const answer = await of.admin.request("POST", "/api/tags", body);
  if (answer.statusCode !== 201) throw new Error(`createTag: ${answer.body}`);
  return answer.json();
}

async function tagNames(query = "", of: TestTenant = tenant): Promise<string[]> {
  const answer = await of.admin.request("GET", `/api/tags${query}`);
  expect(answer.statusCode).toBe(200);
  return answer.json().content.map((tag: Tag) => tag.name);
}

describe("tags", () => {
  it("creates, reads, updates and deletes a tag", async () => {
    const created = await tenant.admin.request("POST", "/api/tags", {
      name: "Photographs",
      description: "Scanned prints",
      color: "#1E90FF",
      scope: "store",
    });
    expect(created.statusCode).toBe(201);
    const tag = created.json() as Tag;
    expect(tag).toEqual({ id: expect.any(Number), name: "Photographs", description: "Scanned prints", color: "#1e90ff", scope: "store" });

    expect((await tenant.admin.request("GET", `/api/tags/${tag.id}`)).json()).toEqual(tag);
    expect(await tagNames()).toContain("Photographs");

    const updated = await tenant.admin.request("PUT", `/api/tags/${tag.id}`, {
      id: tag.id,
      name: "Photos",
      description: "",
      color: "#0f0",
      scope: "store",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ ...tag, name: "Photos", description: "", color: "#0f0" });
    expect((await tenant.admin.request("GET", `/api/tags/${tag.id}`)).json().name).toBe("Photos");

    const removed = await tenant.admin.request("DELETE", `/api/tags/${tag.id}`);
    expect(removed.statusCode).toBe(204);
    const gone = await tenant.admin.request("GET", `/api/tags/${tag.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(`Tag ${tag.id} not found`);
    expect(await tagNames()).not.toContain("Photos");
  });

  it("makes a tag black and in the store scope when those are not given", async () => {
    const tag = await createTag({ name: "Plain" });
    expect(tag).toMatchObject({ name: "Plain", description: "", color: "#000000", scope: "store" });
  });

  it("lists tags paged, by name in any case, filtered by scope and by a search text", async () => {
    const own = await t.newTenant();
    for (const name of ["beta", "Alpha", "gamma", "Delta"]) await createTag({ name }, own);
    await createTag({ name: "Chapter one", scope: "stories" }, own);

    expect(await tagNames("", own)).toEqual(["Alpha", "beta", "Chapter one", "Delta", "gamma"]);
    expect(await tagNames("?scope=store", own)).toEqual(["Alpha", "beta", "Delta", "gamma"]);
    expect(await tagNames("?scope=stories", own)).toEqual(["Chapter one"]);
    expect(await tagNames("?q=ALP", own)).toEqual(["Alpha"]);
    expect(await tagNames("?q=%25", own)).toEqual([]);

    const page = (await own.admin.request("GET", "/api/tags?scope=store&size=3&page=1")).json();
    expect(page).toMatchObject({ totalElements: 4, totalPages: 2, number: 1, size: 3, last: true, first: false });
    expect(page.content.map((tag: Tag) => tag.name)).toEqual(["gamma"]);
  });
});

describe("tag validation", () => {
  it.each([["red"], ["#12"], ["#12345"], ["#ggg"], ["1e90ff"], ["#1e90ff80"], [""]])(
    "refuses colour %j with the spec's message",
    async (color) => {
      const answer = await tenant.admin.request("POST", "/api/tags", { name: `Colour ${color}`, color });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ status: 400, error: "Bad Request", message: `Invalid hex color value: ${color}` });
      expect(await tagNames(`?q=${encodeURIComponent(`Colour ${color}`)}`)).toEqual([]);
    },
  );

  it("refuses a bad colour on update too, keeping the old one", async () => {
    const tag = await createTag({ name: "Keeps colour", color: "#abc" });
    const answer = await tenant.admin.request("PUT", `/api/tags/${tag.id}`, { name: "Keeps colour", color: "blue" });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe("Invalid hex color value: blue");
    expect((await tenant.admin.request("GET", `/api/tags/${tag.id}`)).json().color).toBe("#abc");
  });

  it.each([
    ["an empty name", { name: "  " }, /body: name /],
    ["a description over 255 characters", { name: "Long", description: "x".repeat(256) }, /body: description /],
    ["a scope with spaces", { name: "Scoped", scope: "my scope" }, /body: scope /],
  ])("refuses %s with 400 naming the field", async (_label, body, message) => {
    const answer = await tenant.admin.request("POST", "/api/tags", body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(message);
  });

  it("refuses a second tag of the same name in a scope, in any case, with 409", async () => {
    await createTag({ name: "Archive" });
    const answer = await tenant.admin.request("POST", "/api/tags", { name: "ARCHIVE" });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ status: 409, error: "Conflict", message: "A tag named 'ARCHIVE' already exists in scope 'store'" });
    expect(await tagNames("?q=archive")).toEqual(["Archive"]);
  });

  it("allows the same name in another scope", async () => {
    await createTag({ name: "Shared name" });
    const answer = await tenant.admin.request("POST", "/api/tags", { name: "Shared name", scope: "Stories" });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().scope).toBe("stories");
  });

  it("refuses renaming onto another tag's name with 409 but lets a tag keep its own", async () => {
    await createTag({ name: "Maps" });
    const plans = await createTag({ name: "Plans" });
    const clash = await tenant.admin.request("PUT", `/api/tags/${plans.id}`, { name: "maps" });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe("A tag named 'maps' already exists in scope 'store'");
    const same = await tenant.admin.request("PUT", `/api/tags/${plans.id}`, { name: "PLANS", color: "#ff0000" });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ name: "PLANS", color: "#ff0000" });
  });
});

describe("tag permissions", () => {
  it("lets a user without repox.store.tags.edit read tags but not change them", async () => {
    const tag = await createTag({ name: "Read only" });
    const reader = await tenant.newUser();
    expect((await reader.request("GET", "/api/tags")).statusCode).toBe(200);
    expect((await reader.request("GET", `/api/tags/${tag.id}`)).json()).toEqual(tag);

    for (const [method, url, body] of [
      ["POST", "/api/tags", { name: "Sneaky" }],
      ["PUT", `/api/tags/${tag.id}`, { name: "Renamed" }],
      ["DELETE", `/api/tags/${tag.id}`, undefined],
    ] as const) {
      const answer = await reader.request(method, url, body);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toContain(PERMISSIONS.tagsEdit);
    }
    expect((await tenant.admin.request("GET", `/api/tags/${tag.id}`)).json()).toEqual(tag);
    expect(await tagNames("?q=Sneaky")).toEqual([]);
  });

  it("lets a user holding repox.store.tags.edit write", async () => {
    const editor = await tenant.newUser({ permissions: [PERMISSIONS.tagsEdit] });
    const created = await editor.request("POST", "/api/tags", { name: "By an editor" });
    expect(created.statusCode).toBe(201);
    expect((await editor.request("DELETE", `/api/tags/${created.json().id}`)).statusCode).toBe(204);
  });

  it("answers 401 without a token, for reading and writing", async () => {
    expect((await tenant.anonymous.request("GET", "/api/tags")).statusCode).toBe(401);
    expect((await tenant.anonymous.request("GET", "/api/tags/1")).statusCode).toBe(401);
    expect((await tenant.anonymous.request("POST", "/api/tags", { name: "Anonymous" })).statusCode).toBe(401);
  });
});

describe("tags across tenants", () => {
  let a: TestTenant;
  let b: TestTenant;
  let tagOfA: Tag;

  beforeAll(async () => {
    a = await t.newTenant();
    b = await t.newTenant();
    tagOfA = await createTag({ name: "Secret of A", color: "#123456" }, a);
    await createTag({ name: "Of B" }, b);
  });

  it("does not show, change or delete another tenant's tag by its id", async () => {
    expect(await tagNames("", b)).toEqual(["Of B"]);
    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", { name: "Taken over" }],
      ["DELETE", undefined],
    ] as const) {
      const answer = await b.admin.request(method, `/api/tags/${tagOfA.id}`, body);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(`Tag ${tagOfA.id} not found`);
    }
    expect((await a.admin.request("GET", `/api/tags/${tagOfA.id}`)).json()).toEqual(tagOfA);
  });

  it("lets two tenants use the same name in the same scope", async () => {
    expect((await b.admin.request("POST", "/api/tags", { name: "Secret of A" })).statusCode).toBe(201);
  });

  it("refuses tenant A's token at tenant B", async () => {
    expect((await b.as(a.admin.token).request("GET", "/api/tags")).statusCode).toBe(401);
  });

  // The net under the service: row-level security hides other tenants' tags even from a query with no tenant filter.
  it("shows an unfiltered query only the current tenant's tags and refuses a row for another tenant", async () => {
    const seenByOwner = await t.db.selectFrom("tags").select("tenant_id").execute();
    expect(new Set(seenByOwner.map((row) => row.tenant_id))).toContain(a.id);
    const seenFromB = await inTenant(t.db, b.id, (trx) => trx.selectFrom("tags").selectAll().execute());
    expect(seenFromB.length).toBeGreaterThan(0);
    expect(seenFromB.every((row) => row.tenant_id === b.id)).toBe(true);
    await expect(
      inTenant(t.db, b.id, (trx) =>
        trx.insertInto("tags").values({ tenant_id: a.id, name: "Planted", description: "", color: "#000000", scope: "store" }).execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    const removedFromB = await inTenant(t.db, b.id, (trx) => trx.deleteFrom("tags").where("id", "=", tagOfA.id).executeTakeFirst());
    expect(removedFromB.numDeletedRows).toBe(0n);
  });
});

describe("deleting a tag", () => {
  // Issue 4's assignment table references tags this way; the cascade must remove a tag's assignments with it.
  it("removes rows that reference it with on delete cascade", async () => {
    const tag = await createTag({ name: "Assigned" });
    await sql`create table tag_assignments_probe (
      tenant_id uuid not null, item text not null, tag_id integer not null,
      primary key (tenant_id, item, tag_id),
      foreign key (tenant_id, tag_id) references tags(tenant_id, id) on delete cascade)`.execute(t.db);
    await sql`insert into tag_assignments_probe values (${tenant.id}, 'container-1', ${tag.id})`.execute(t.db);

    expect((await tenant.admin.request("DELETE", `/api/tags/${tag.id}`)).statusCode).toBe(204);
    const left = await sql<{ count: string }>`select count(*) as count from tag_assignments_probe`.execute(t.db);
    expect(Number(left.rows[0]?.count)).toBe(0);
  });
});

describe("bad input to /api/tags", () => {
  const huge = "x".repeat(100_000);
  it.each([
    ["malformed JSON", "POST", "/api/tags", '{"name": ', 400, /not valid JSON/],
    ["an array instead of an object", "POST", "/api/tags", "[1]", 400, /expected object/],
    ["an empty body", "POST", "/api/tags", "", 400, /empty/],
    ["a number for the name", "POST", "/api/tags", JSON.stringify({ name: 42 }), 400, /body: name /],
    ["a number for the colour", "POST", "/api/tags", JSON.stringify({ name: "n", color: 255 }), 400, /body: color /],
    ["an object for the scope", "POST", "/api/tags", JSON.stringify({ name: "n", scope: {} }), 400, /body: scope /],
    ["a 100 000-character name", "POST", "/api/tags", JSON.stringify({ name: huge }), 400, /body: name /],
    ["a 100 000-character colour", "POST", "/api/tags", JSON.stringify({ name: "n", color: huge }), 400, /body: color /],
    ["a 100 000-character description", "PUT", "/api/tags/1", JSON.stringify({ name: "n", description: huge }), 400, /body: description /],
    ["an id that is not a number", "GET", "/api/tags/abc", undefined, 400, /params: id /],
    ["id 0", "DELETE", "/api/tags/0", undefined, 400, /params: id /],
    ["an id past the integer range", "PUT", "/api/tags/99999999999", JSON.stringify({ name: "n" }), 400, /params: id /],
    ["an unknown id", "GET", "/api/tags/2147483647", undefined, 404, /Tag 2147483647 not found/],
    ["an unknown id (PUT)", "PUT", "/api/tags/2147483647", JSON.stringify({ name: "n" }), 404, /Tag 2147483647 not found/],
    ["an unknown id (DELETE)", "DELETE", "/api/tags/2147483647", undefined, 404, /Tag 2147483647 not found/],
    ["a body id other than the path's", "PUT", "/api/tags/1", JSON.stringify({ id: 2, name: "n" }), 400, /does not match/],
    ["a page size over the limit", "GET", "/api/tags?size=100000", undefined, 400, /querystring: size /],
    ["a negative page", "GET", "/api/tags?page=-1", undefined, 400, /querystring: page /],
    ["a 1000-character search", "GET", `/api/tags?q=${"x".repeat(1000)}`, undefined, 400, /querystring: q /],
  ] as const)("answers %s with a 4xx and a message", async (_label, method, url, raw, status, message) => {
    const answer = await t.app.inject({
      method,
      url,
      headers: {
        "x-tenantid": tenant.code,
        authorization: `Bearer ${tenant.admin.token}`,
        ...(raw === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(raw === undefined ? {} : { payload: raw }),
    });
    expect(answer.statusCode).toBe(status);
    expect(answer.json().message).toMatch(message);
  });

  it("answers a text/plain body with 415", async () => {
    const answer = await tenant.admin.request("POST", "/api/tags", "name=x", { "content-type": "text/plain" });
    expect(answer.statusCode).toBe(415);
  });
});
