// The operator calls of websites (spec 3 §7 Websites): CRUD with the assigned story's card, the Activity tab, assigning
// and removing a story; repox.stories.show to read, repox.stories.edit to write; never across tenants.
import { PERMISSIONS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Caller, createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { newStory, STORIES } from "../stories/testing.ts";
import { newWebsite, WEBSITES, websiteBody } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let reader: Caller;
let outsider: Caller;
let storyId: string;
let foreignStoryId: string;
let foreignWebsite: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  other = await t.newTenant();
  storyId = await newStory(tenant.admin, { title: "Harbour walk" });
  foreignStoryId = await newStory(other.admin, { title: "Their story" });
  foreignWebsite = await newWebsite(other.admin, { storyId: foreignStoryId });
  reader = await tenant.newUser({ permissions: [PERMISSIONS.storiesShow] });
  outsider = await tenant.newUser({ permissions: [PERMISSIONS.surveysEdit] });
});
afterAll(() => t.close());

describe("websites CRUD", () => {
  it("creates a website, answering it without a story, then reads, lists, updates and deletes it", async () => {
    const created = await tenant.admin.request("POST", WEBSITES, websiteBody({ name: "  Front page  " }));
    expect(created.statusCode, created.body).toBe(201);
    const website = created.json();
    expect(website).toMatchObject({ name: "Front page", description: "The story on the museum's home page", storyId: null, story: null });
    expect(website.uuid).toBe(website.id);

    const read = await reader.request("GET", `${WEBSITES}/${website.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(website);

    const list = await reader.request("GET", `${WEBSITES}?page=0`);
    expect(list.statusCode).toBe(200);
    expect(list.json().content.map((item: { id: string }) => item.id)).toContain(website.id);
    expect(list.json().pageable).toMatchObject({ pageNumber: 0 });

    const updated = await tenant.admin.request("PUT", `${WEBSITES}/${website.id}`, { name: "Home", description: "" });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: "Home", description: "", story: null });

    expect((await tenant.admin.request("DELETE", `${WEBSITES}/${website.id}`)).statusCode).toBe(204);
    const gone = await reader.request("GET", `${WEBSITES}/${website.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(`Website ${website.id} not found`);
    expect((await tenant.admin.request("DELETE", `${WEBSITES}/${website.id}`)).statusCode).toBe(404);
  });

  it("lists newest first in pages", async () => {
    const ids = [];
    for (const name of ["First", "Second", "Third"]) ids.push(await newWebsite(tenant.admin, { name }));
    const page = (await reader.request("GET", `${WEBSITES}?page=0&size=2`)).json();
    expect(page.content.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[1]]);
    expect(page.size).toBe(2);
    expect(page.totalElements).toBeGreaterThanOrEqual(3);
  });

  it("refuses a missing or blank name and overlong text with 400 naming the field", async () => {
    const missing = await tenant.admin.request("POST", WEBSITES, { description: "x" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/name/);
    const blank = await tenant.admin.request("POST", WEBSITES, { name: "   " });
    expect(blank.statusCode).toBe(400);
    const long = await tenant.admin.request("POST", WEBSITES, { name: "A", description: "x".repeat(256) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/description/);
    const wrongType = await tenant.admin.request("POST", WEBSITES, { name: 5 });
    expect(wrongType.statusCode).toBe(400);
    expect((await reader.request("GET", `${WEBSITES}/not-a-uuid`)).statusCode).toBe(400);
    expect((await reader.request("GET", `${WEBSITES}?page=-1`)).statusCode).toBe(400);
    expect((await reader.request("GET", `${WEBSITES}?size=100000`)).statusCode).toBe(400);
    const malformed = await tenant.admin.request("POST", WEBSITES, "{name:", { "content-type": "application/json" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toEqual(expect.any(String));
    const huge = await tenant.admin.request("POST", WEBSITES, { name: "x".repeat(100_000) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/name/);
  });
});

describe("assigning a story", () => {
  it("links a story (answered with its card), reads it, and unlinks it", async () => {
    const id = await newWebsite(tenant.admin);
    const none = await reader.request("GET", `${WEBSITES}/${id}/story`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("No story is assigned to this website");

    const linked = await tenant.admin.request("POST", `${WEBSITES}/${id}/link`, { storyId });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ storyId, story: { id: storyId, title: "Harbour walk", aspectRatio: "16:9", coverUrl: null } });
    expect((await reader.request("GET", `${WEBSITES}/${id}`)).json().storyId).toBe(storyId);
    const story = await reader.request("GET", `${WEBSITES}/${id}/story`);
    expect(story.statusCode).toBe(200);
    expect(story.json()).toMatchObject({ id: storyId, title: "Harbour walk" });

    const unlinked = await tenant.admin.request("POST", `${WEBSITES}/${id}/unlink`, {});
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json()).toMatchObject({ storyId: null, story: null });
  });

  it("refuses an unknown story and a body without a storyId", async () => {
    const id = await newWebsite(tenant.admin);
    const unknown = crypto.randomUUID();
    const answer = await tenant.admin.request("POST", `${WEBSITES}/${id}/link`, { storyId: unknown });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(`Story ${unknown} not found`);
    const empty = await tenant.admin.request("POST", `${WEBSITES}/${id}/link`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/storyId/);
  });

  it("leaves the website without a story when the story is deleted", async () => {
    const doomed = await newStory(tenant.admin, { title: "Short lived" });
    const id = await newWebsite(tenant.admin, { storyId: doomed });
    expect((await tenant.admin.request("DELETE", `${STORIES}/${doomed}`)).statusCode).toBe(204);
    expect((await reader.request("GET", `${WEBSITES}/${id}`)).json()).toMatchObject({ storyId: null, story: null });
  });
});

describe("the Activity tab", () => {
  it("records creation, renames, description changes, assignments and removals, newest first", async () => {
    const id = await newWebsite(tenant.admin, { name: "Draft" });
    await tenant.admin.request("PUT", `${WEBSITES}/${id}`, { name: "Final", description: "New words" });
    await tenant.admin.request("POST", `${WEBSITES}/${id}/link`, { storyId });
    await tenant.admin.request("POST", `${WEBSITES}/${id}/unlink`, {});
    const page = await reader.request("GET", `${WEBSITES}/${id}/activity?page=0`);
    expect(page.statusCode).toBe(200);
    expect(page.json().content.map((item: { description: string }) => item.description)).toEqual([
      "Removed story 'Harbour walk'",
      "Assigned story 'Harbour walk'",
      "Changed the description",
      "Renamed from 'Draft' to 'Final'",
      "Created website 'Draft'",
    ]);
    expect(page.json().content.map(({ action, params }: { action: string; params: unknown }) => ({ action, params }))).toEqual([
      { action: "unlinked", params: { what: "storyUnassigned", title: "Harbour walk" } },
      { action: "linked", params: { what: "storyAssigned", title: "Harbour walk" } },
      { action: "updated", params: { what: "descriptionChanged" } },
      { action: "renamed", params: { what: "renamed", from: "Draft", to: "Final" } },
      { action: "created", params: { what: "websiteCreated", name: "Draft" } },
    ]);
    expect(page.json().content[0].user).toMatchObject({ username: "admin" });
    expect((await reader.request("GET", `${WEBSITES}/${crypto.randomUUID()}/activity`)).statusCode).toBe(404);
  });
});

describe("permissions", () => {
  it("needs repox.stories.show to read and repox.stories.edit to write, on every route", async () => {
    const id = await newWebsite(tenant.admin, { storyId });
    const reads = [`${WEBSITES}`, `${WEBSITES}/${id}`, `${WEBSITES}/${id}/activity`, `${WEBSITES}/${id}/story`];
    for (const url of reads) {
      expect((await outsider.request("GET", url)).statusCode, url).toBe(403);
      expect((await tenant.anonymous.request("GET", url)).statusCode, url).toBe(401);
      expect((await reader.request("GET", url)).statusCode, url).toBe(200);
    }
    const writes: [method: "POST" | "PUT" | "DELETE", url: string, body?: unknown][] = [
      ["POST", WEBSITES, websiteBody()],
      ["PUT", `${WEBSITES}/${id}`, websiteBody({ name: "Changed" })],
      ["POST", `${WEBSITES}/${id}/link`, { storyId }],
      ["POST", `${WEBSITES}/${id}/unlink`, {}],
      ["DELETE", `${WEBSITES}/${id}`],
    ];
    for (const [method, url, body] of writes) {
      const refused = await reader.request(method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().message).toContain(PERMISSIONS.storiesEdit);
      expect((await tenant.anonymous.request(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await reader.request("GET", `${WEBSITES}/${id}`)).json()).toMatchObject({ name: "Museum front page", storyId });
  });
});

describe("tenancy", () => {
  it("never reads, changes or links across tenants", async () => {
    for (const url of [`${WEBSITES}/${foreignWebsite}`, `${WEBSITES}/${foreignWebsite}/activity`, `${WEBSITES}/${foreignWebsite}/story`]) {
      expect((await tenant.admin.request("GET", url)).statusCode, url).toBe(404);
    }
    expect((await tenant.admin.request("PUT", `${WEBSITES}/${foreignWebsite}`, websiteBody())).statusCode).toBe(404);
    expect((await tenant.admin.request("POST", `${WEBSITES}/${foreignWebsite}/link`, { storyId })).statusCode).toBe(404);
    expect((await tenant.admin.request("POST", `${WEBSITES}/${foreignWebsite}/unlink`, {})).statusCode).toBe(404);
    expect((await tenant.admin.request("DELETE", `${WEBSITES}/${foreignWebsite}`)).statusCode).toBe(404);
    // A website of this tenant cannot be given the other tenant's story.
    const mine = await newWebsite(tenant.admin);
    expect((await tenant.admin.request("POST", `${WEBSITES}/${mine}/link`, { storyId: foreignStoryId })).statusCode).toBe(404);
    const theirList = (await tenant.admin.request("GET", WEBSITES)).json().content.map((item: { id: string }) => item.id);
    expect(theirList).not.toContain(foreignWebsite);
    // Tenant A's token at tenant B is refused outright.
    const crossed = t.caller({ "x-tenantid": other.code, authorization: `Bearer ${tenant.admin.token}` });
    expect((await crossed.request("GET", `${WEBSITES}/${foreignWebsite}`)).statusCode).toBe(401);
    expect((await other.admin.request("GET", `${WEBSITES}/${foreignWebsite}`)).json()).toMatchObject({ storyId: foreignStoryId });
  });
});
