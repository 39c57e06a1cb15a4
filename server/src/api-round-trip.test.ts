// Issue 15 §4: the body a GET answers is accepted back by the PUT of the same resource, and a GET after the PUT
// answers the same (timestamps and signed links' expiry aside). Read-only fields sent unchanged are ignored; sent
// changed, they are refused by name and nothing is written.
import { SETTING_KEYS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { created, newContainer, newContainerType, propertyBody } from "./modules/containers/testing.ts";
import { setUpFileModel, uploadOne } from "./modules/datastreams/testing.ts";
import { completeBody, GUIDES, guideAssets, newGuide } from "./modules/guides/testing.ts";
import { newScreen, SCREENS } from "./modules/screens/testing.ts";
import { newStory, newStoryTag, STORIES, updateBody as storyUpdateBody } from "./modules/stories/testing.ts";
import { newSurvey, SURVEYS } from "./modules/surveys/testing.ts";
import { newWebsite, WEBSITES } from "./modules/websites/testing.ts";
import { type Caller, createTestApp, type TestApp, type TestTenant } from "./test/test-app.ts";

/**
 * A resource with a PUT: `url` answers it (GET) and takes it back (PUT). Contacts and terms have no GET of one item,
 * so theirs is the item as their list answers it (`fromList`).
 */
type Resource = { name: string; url: string; fromList?: { url: string; key: string; value: string } };

/** Every GET/PUT pair of the API, in the order of spec 2 and 3 (story tags and slide templates have no PUT). */
const RESOURCE_NAMES = [
  "user",
  "group",
  "profile",
  "system settings",
  "OAI settings",
  "namespace",
  "qualifier",
  "property group",
  "property",
  "container type",
  "datastream type",
  "vocabulary",
  "term",
  "tag",
  "container",
  "datastream",
  "survey",
  "contact",
  "story",
  "screen",
  "website",
  "guide",
] as const;

let t: TestApp;
let tenant: TestTenant;
let resources: Record<(typeof RESOURCE_NAMES)[number], Resource>;

/** What must not differ between two reads: no write timestamps, signed links without their expiry and signature. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (typeof value === "string") return value.replace(/([?&])exp=\d+(&uid=[^&]*)?&sig=[\w-]+/, "$1signed");
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "updatedAt" && key !== "modifiedAt")
      .map(([key, field]) => [key, comparable(field)]),
  );
}

async function read(caller: Caller, resource: Resource): Promise<unknown> {
  const answer = await caller.request("GET", resource.fromList?.url ?? resource.url);
  expect(answer.statusCode, `GET ${resource.name}: ${answer.body}`).toBe(200);
  if (!resource.fromList) return answer.json();
  const { key, value } = resource.fromList;
  const item = answer.json().content.find((entry: Record<string, unknown>) => entry[key] === value);
  expect(item, `${resource.name} ${value} in its list`).toBeDefined();
  return item;
}

async function readObject(resource: Resource): Promise<Record<string, unknown>> {
  return (await read(tenant.admin, resource)) as Record<string, unknown>;
}

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  const admin = tenant.admin;

  const member = await tenant.newUser({ permissions: [] });
  const group: number = (await admin.request("GET", `/api/users/${member.uuid}`)).json().groups[0].id;
  await created(admin, "/api/property_namespaces", { code: "dc", name: "Dublin Core", prefix: "dc", url: "http://purl.org/dc/" });
  await created(admin, "/api/property_qualifiers", {
    qualifierKey: "lang",
    qualifierName: "Language",
    qualifierType: "enum",
    qualifierDetails: '{"values":["en","el"]}',
  });
  const propertyGroup = await created<{ id: number }>(admin, "/api/property_groups", { name: "Main", description: "The first group" });
  const vocabulary = await created<{ uuid: string }>(admin, "/api/vocabularies", { name: "Subjects", vocUri: "http://example.org/s" });
  await created(admin, `/api/vocabularies/${vocabulary.uuid}/terms`, { termId: "hist", label: "History", termUri: "http://example.org/h" });
  const tag = await created<{ id: number }>(admin, "/api/tags", { name: "Red", description: "Urgent", color: "#ff0000" });
  // Saved once, as an administrator would: the first save turns the suggested mapping into the tenant's own.
  const oaiSettings = (await admin.request("GET", "/api/settings/oai")).json();
  expect((await admin.request("PUT", "/api/settings/oai", { ...oaiSettings, adminEmail: "archive@example.org" })).statusCode).toBe(200);
  await setUpFileModel(admin);
  await created(admin, "/api/properties", propertyBody("title", { namespace: "dc", groupId: propertyGroup.id }));
  await created(admin, "/api/properties", propertyBody("note", { propertyType: "text-area", qualifiers: ["lang"] }));
  await newContainerType(admin, "book", { containerAcceptance: "book" }, [
    { propertyKey: "title", mandatory: true, groupId: propertyGroup.id, position: 1 },
    { propertyKey: "note", repeatable: true, position: 2 },
  ]);
  const title = (text: string) => JSON.stringify({ values: text, qualifiers: [] });
  const note = (text: string) => JSON.stringify({ values: text, qualifiers: [{ qualifierKey: "lang", qualifierValue: "en" }] });
  const book = await newContainer(admin, {
    label: "Odyssey",
    type: "book",
    properties: [
      { key: "title", value: title("Odyssey") },
      { key: "note", value: note("First") },
      { key: "note", value: note("Second") },
    ],
  });
  await newContainer(admin, { label: "Book I", type: "book", properties: [{ key: "title", value: title("I") }] }, book.uuid);
  const file = await uploadOne(
    admin,
    book.uuid,
    { name: "notes.txt", content: Buffer.from("hello"), type: "text/plain" },
    { type: "photo", properties: [{ key: "caption", value: title("A note") }] },
  );
  const survey = await newSurvey(admin);
  const story = await newStory(admin);
  const storyTag = await newStoryTag(admin, "place", "Naxos");
  const assets = await guideAssets(admin);
  const storyPut = await admin.request("PUT", `${STORIES}/${story}`, storyUpdateBody({ tags: [storyTag], coverPage: assets.cover.uuid }));
  if (storyPut.statusCode !== 200) throw new Error(`story PUT answered ${storyPut.statusCode}: ${storyPut.body}`);
  const screen = await newScreen(admin);
  const website = await newWebsite(admin, { storyId: story });
  const guide = await newGuide(admin, completeBody(assets));
  await created(admin, "/api/addons/srv/contacts", { firstName: "Ann", lastName: "Lee", email: "ann@example.org", organization: "Museum" });

  resources = {
    user: { name: "user", url: `/api/users/${member.uuid}` },
    group: { name: "group", url: `/api/groups/${group}` },
    profile: { name: "profile", url: "/api/my/profile" },
    "system settings": { name: "system settings", url: "/api/system_settings" },
    "OAI settings": { name: "OAI settings", url: "/api/settings/oai" },
    namespace: { name: "namespace", url: "/api/property_namespaces/dc" },
    qualifier: { name: "qualifier", url: "/api/property_qualifiers/lang" },
    "property group": { name: "property group", url: `/api/property_groups/${propertyGroup.id}` },
    property: { name: "property", url: "/api/properties/title" },
    "container type": { name: "container type", url: "/api/container_types/book" },
    "datastream type": { name: "datastream type", url: "/api/datastream_types/photo" },
    vocabulary: { name: "vocabulary", url: `/api/vocabularies/${vocabulary.uuid}` },
    term: {
      name: "term",
      url: `/api/vocabularies/${vocabulary.uuid}/terms/hist`,
      fromList: { url: `/api/vocabularies/${vocabulary.uuid}/terms`, key: "termId", value: "hist" },
    },
    tag: { name: "tag", url: `/api/tags/${tag.id}` },
    container: { name: "container", url: `/api/containers/${book.uuid}` },
    datastream: { name: "datastream", url: `/api/datastreams/${file.uuid}` },
    survey: { name: "survey", url: `${SURVEYS}/${survey}` },
    contact: {
      name: "contact",
      url: "",
      fromList: { url: "/api/addons/srv/contacts?q=ann", key: "email", value: "ann@example.org" },
    },
    story: { name: "story", url: `${STORIES}/${story}` },
    screen: { name: "screen", url: `${SCREENS}/${screen}` },
    website: { name: "website", url: `${WEBSITES}/${website}` },
    guide: { name: "guide", url: `${GUIDES}/${guide.id}` },
  };
  const contact = (await read(admin, resources.contact)) as { uuid: string };
  resources.contact.url = `/api/addons/srv/contacts/${contact.uuid}`;
});
afterAll(() => t.close());

describe("every resource takes its own GET body back", () => {
  it.each(RESOURCE_NAMES)("%s: GET → PUT the same body → GET answers the same", async (name) => {
    const resource = resources[name];
    const first = await read(tenant.admin, resource);
    const put = await tenant.admin.request("PUT", resource.url, first);
    expect(put.statusCode, put.body).toBe(200);
    expect(comparable(await read(tenant.admin, resource))).toEqual(comparable(first));
  });

  it("reads references back as the objects GET answers (user groups, story tags, guide images, content types)", async () => {
    const user = await readObject(resources.user);
    expect(user.groups).toEqual([expect.objectContaining({ id: expect.any(Number), name: expect.any(String) })]);
    const story = await readObject(resources.story);
    expect(story.tags).toEqual([expect.objectContaining({ id: expect.any(Number), name: "Naxos" })]);
    expect(story.coverUrl).toEqual(expect.stringContaining("sig="));
    const guide = await readObject(resources.guide);
    expect(guide.logo).toEqual({ asset: expect.any(String), url: expect.any(String) });
    const container = await readObject(resources.container);
    expect(container.type).toEqual(expect.objectContaining({ code: "book" }));
    expect(container.childCount).toBe(1);
    expect(container.datastreamCount).toBe(1);
  });
});

describe("read-only fields", () => {
  const IDENTITIES = ["uuid", "id", "termId"];
  const NO_SUCH_UUID = "00000000-0000-4000-8000-000000000000";

  it.each(RESOURCE_NAMES.filter((name) => name !== "system settings" && name !== "OAI settings"))(
    "%s: a changed id is refused by name",
    async (name) => {
      const resource = resources[name];
      const before = await readObject(resource);
      const field = IDENTITIES.find((candidate) => candidate in before);
      if (!field) throw new Error(`${name} answers none of ${IDENTITIES.join(", ")}`);
      const value = before[field];
      const other = typeof value === "number" ? value + 1000 : field === "termId" ? "other" : NO_SUCH_UUID;
      const answer = await tenant.admin.request("PUT", resource.url, { ...before, [field]: other });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().message).toMatch(new RegExp(`(^|\\W)${field}\\W`));
      expect(comparable(await read(tenant.admin, resource))).toEqual(comparable(before));
    },
  );

  it("refuses a changed one by name and writes nothing", async () => {
    const before = await readObject(resources.container);
    const changed = { ...before, label: "Iliad", childCount: 7 };
    const answer = await tenant.admin.request("PUT", resources.container.url, changed);
    expect([answer.statusCode, answer.json().message]).toEqual([
      400,
      "childCount is read-only and cannot be changed: send it as read, or leave it out",
    ]);
    expect((await readObject(resources.container)).label).toBe("Odyssey");
  });

  it("names every changed one: ids, counts, children", async () => {
    const before = await readObject(resources.container);
    const answer = await tenant.admin.request("PUT", resources.container.url, {
      ...before,
      uuid: "01a224d7-0000-7000-8000-000000000000",
      datastreamCount: 0,
      children: [],
    });
    expect([answer.statusCode, answer.json().message]).toEqual([
      400,
      "uuid, datastreamCount and children are read-only and cannot be changed: send them as read, or leave them out",
    ]);
  });

  it("ignores unchanged ones and takes the writable fields beside them", async () => {
    const before = await readObject(resources.vocabulary);
    const answer = await tenant.admin.request("PUT", resources.vocabulary.url, { ...before, name: "Topics" });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ ...before, name: "Topics" });
    const refused = await tenant.admin.request("PUT", resources.vocabulary.url, { ...before, termCount: 0 });
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      "termCount is read-only and cannot be changed: send it as read, or leave it out",
    ]);
  });

  it("refuses the user's own username and e-mail in the profile, and a user's creation time", async () => {
    const profile = await readObject(resources.profile);
    const renamed = await tenant.admin.request("PUT", resources.profile.url, { ...profile, username: "root", firstname: "Ada" });
    expect([renamed.statusCode, renamed.json().message]).toEqual([
      400,
      "username is read-only and cannot be changed: send it as read, or leave it out",
    ]);
    expect(await readObject(resources.profile)).toEqual(profile);
    const user = await readObject(resources.user);
    const older = await tenant.admin.request("PUT", resources.user.url, { ...user, createdAt: "2001-01-01T00:00:00.000Z" });
    expect([older.statusCode, older.json().message]).toEqual([
      400,
      "createdAt is read-only and cannot be changed: send it as read, or leave it out",
    ]);
  });

  it("refuses a changed pairing, story or state, and ignores what changes on its own (a screen's last call, a survey's update time)", async () => {
    const screen = await readObject(resources.screen);
    const paired = await tenant.admin.request("PUT", resources.screen.url, { ...screen, paired: true });
    expect([paired.statusCode, paired.json().message]).toEqual([
      400,
      "paired is read-only and cannot be changed: send it as read, or leave it out",
    ]);
    const seen = await tenant.admin.request("PUT", resources.screen.url, {
      ...screen,
      lastSeenAt: "2001-01-01T00:00:00.000Z",
      name: "Hall",
    });
    expect([seen.statusCode, seen.json().lastSeenAt, seen.json().name]).toEqual([200, null, "Hall"]);

    const website = await readObject(resources.website);
    const unassigned = await tenant.admin.request("PUT", resources.website.url, { ...website, storyId: null });
    expect([unassigned.statusCode, unassigned.json().message]).toEqual([
      400,
      "storyId is read-only and cannot be changed: send it as read, or leave it out",
    ]);

    const survey = await readObject(resources.survey);
    const closed = await tenant.admin.request("PUT", resources.survey.url, {
      ...survey,
      state: "CLOSED",
      updatedAt: "2001-01-01T00:00:00Z",
    });
    expect([closed.statusCode, closed.json().message]).toEqual([
      400,
      "state is read-only and cannot be changed: send it as read, or leave it out",
    ]);

    const guide = await readObject(resources.guide);
    const published = await tenant.admin.request("PUT", resources.guide.url, { ...guide, isPublished: true });
    expect([published.statusCode, published.json().message]).toEqual([
      400,
      "isPublished is read-only and cannot be changed: send it as read, or leave it out",
    ]);
  });

  it("keeps the operator's storage quota: the settings list comes back whole, a changed quota is refused", async () => {
    const settings = (await read(tenant.admin, resources["system settings"])) as { settingKey: string; settingValue: string }[];
    const quota = settings.find((setting) => setting.settingKey === SETTING_KEYS.storageQuota);
    expect(quota?.settingValue).toBe(String(1024 ** 3));
    const raised = settings.map((setting) =>
      setting.settingKey === SETTING_KEYS.storageQuota ? { ...setting, settingValue: String(2 * 1024 ** 3) } : setting,
    );
    const answer = await tenant.admin.request("PUT", resources["system settings"].url, raised);
    expect([answer.statusCode, answer.json().message]).toEqual([403, "The setting 'Storage quota' cannot be edited"]);
  });

  it("refuses a changed endpoint in the OAI settings by name", async () => {
    const before = await readObject(resources["OAI settings"]);
    const answer = await tenant.admin.request("PUT", resources["OAI settings"].url, { ...before, baseUrl: "http://elsewhere/oai" });
    expect([answer.statusCode, answer.json().message]).toEqual([
      400,
      "baseUrl is read-only and cannot be changed: send it as read, or leave it out",
    ]);
  });

  it("answers a read-only field of the wrong type with the field named, not a 500", async () => {
    const before = await readObject(resources.container);
    const answer = await tenant.admin.request("PUT", resources.container.url, { ...before, childCount: "many" });
    expect([answer.statusCode, answer.json().message]).toEqual([
      400,
      "childCount is read-only and cannot be changed: send it as read, or leave it out",
    ]);
  });
});

describe("references", () => {
  it("takes a reference as its id or as the object GET answers, and refuses anything else by name", async () => {
    const user = await readObject(resources.user);
    const groups = user.groups as { id: number }[];
    const byId = await tenant.admin.request("PUT", resources.user.url, { ...user, groups: groups.map((group) => group.id) });
    expect([byId.statusCode, byId.json().groups]).toEqual([200, groups]);
    const wrong = await tenant.admin.request("PUT", resources.user.url, { ...user, groups: [{ name: "Staff" }] });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, "Invalid body: groups[0] must be a group id"]);

    const container = await readObject(resources.container);
    const retyped = await tenant.admin.request("PUT", resources.container.url, { ...container, type: { code: "box", name: "Type box" } });
    expect(retyped.statusCode).toBe(400);
    expect(retyped.json().message).toMatch(/type/i);
  });
});
