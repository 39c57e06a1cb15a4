// WebDAV through HTTP with Basic credentials: every method and its errors, names, the trash, acceptance rules, the
// default type settings, locks, Range, and tenants kept apart.
import { createHash } from "node:crypto";
import { PERMISSIONS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { created, datastreamTypeBody, newContainer, newContainerType, propertyBody } from "../containers/testing.ts";
import { uploadOne } from "../datastreams/testing.ts";
import { isFileStored, runJobs, trashItems } from "../trash/testing.ts";
import { adminBasic, basic, type DavCaller, davCaller, setUpDavModel } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let dav: DavCaller;
let other: TestTenant;

const PROPFIND_NAMES =
  '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:displayname/><D:getcontentlength/></D:prop></D:propfind>';

/** The hrefs a PROPFIND answered, decoded. */
const hrefsOf = (xml: string) => [...xml.matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((match) => decodeURIComponent(match[1] ?? ""));

const setSetting = async (key: string, value: string) => {
  const answer = await tenant.admin.request("PUT", "/api/system_settings", [{ settingKey: key, settingValue: value }]);
  expect(answer.json().message).toBeUndefined();
};

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_USER: "5" });
  tenant = await t.newTenant();
  other = await t.newTenant();
  await setUpDavModel(tenant);
  await setUpDavModel(other);
  dav = davCaller(t, tenant.code, adminBasic);
});
afterAll(() => t.close());

describe("sign-in", () => {
  it("asks for Basic credentials, refuses wrong ones, and answers OPTIONS without them", async () => {
    const none = await davCaller(t, tenant.code).request("PROPFIND", "/", { headers: { depth: "0" } });
    expect(none.statusCode).toBe(401);
    expect(none.headers["www-authenticate"]).toBe(`Basic realm="Repox ${tenant.code}", charset="UTF-8"`);
    const wrong = await davCaller(t, tenant.code, basic("admin", "not-the-password")).request("PROPFIND", "/", { headers: { depth: "0" } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe("Invalid username or password.");
    const options = await davCaller(t, tenant.code).request("OPTIONS", "/");
    expect(options.statusCode).toBe(200);
    expect(options.headers.dav).toBe("1, 2");
    expect(options.headers.allow).toContain("PROPFIND");
  });

  it("takes an app password made in My profile", async () => {
    const made = await tenant.admin.request("POST", "/api/my/app-passwords", { name: "Laptop" });
    expect(made.statusCode).toBe(201);
    const withAppPassword = davCaller(t, tenant.code, basic("admin", made.json().secret));
    expect((await withAppPassword.request("PROPFIND", "/", { headers: { depth: "0" } })).statusCode).toBe(207);
  });

  it("limits password guessing per user name like sign-in", async () => {
    const guesser = davCaller(t, tenant.code, basic("nobody-here", "guess"));
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1)
      statuses.push((await guesser.request("PROPFIND", "/", { headers: { depth: "0" } })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it("keeps tenants apart: a user of one tenant cannot sign in at another, nor reach its content", async () => {
    const alice = await tenant.newUser({ username: "alice", permissions: [PERMISSIONS.contentEdit] });
    expect(alice.username).toBe("alice");
    const atOther = await davCaller(t, other.code, basic("alice", "User-password-1")).request("PROPFIND", "/", { headers: { depth: "1" } });
    expect(atOther.statusCode).toBe(401);
    await newContainer(tenant.admin, { label: "Private of one", type: "folder" });
    const otherRoot = await davCaller(t, other.code, adminBasic).request("PROPFIND", "/", { headers: { depth: "1" } });
    expect(otherRoot.statusCode).toBe(207);
    expect(hrefsOf(otherRoot.body).join()).not.toContain("Private of one");
    const unknown = await davCaller(t, "no-such-tenant", adminBasic).request("PROPFIND", "/", { headers: { depth: "0" } });
    expect(unknown.statusCode).toBe(404);
    await dav.request("MKCOL", "/Cross");
    await dav.request("PUT", "/Cross/a.txt", { body: "a" });
    const copy = await dav.request("COPY", "/Cross/a.txt", {
      headers: { destination: `http://localhost/${other.code}/dav/Elsewhere/a.txt` },
    });
    expect(copy.statusCode).toBe(403);
    expect(copy.json().message).toBe("The Destination must be in this share");
  });
});

describe("folders and files", () => {
  it("makes folders with MKCOL: 201, 405 on an existing name, 409 without a parent, 415 with a body", async () => {
    expect((await dav.request("MKCOL", "/Letters")).statusCode).toBe(201);
    const again = await dav.request("MKCOL", "/Letters/");
    expect(again.statusCode).toBe(405);
    expect(again.json().message).toBe("/Letters already exists");
    const orphan = await dav.request("MKCOL", "/Missing/Child");
    expect(orphan.statusCode).toBe(409);
    expect(orphan.json().message).toBe("The folder /Missing does not exist");
    const withBody = await dav.request("MKCOL", "/Letters/Body", { body: "<x/>", headers: { "content-type": "application/xml" } });
    expect(withBody.statusCode).toBe(415);
    const long = await dav.request("MKCOL", `/${"x".repeat(256)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(`'${"x".repeat(256)}' cannot be a name here: it must be at most 255 characters`);
    const spaced = await dav.request("MKCOL", "/%20Spaced");
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json().message).toBe("' Spaced' cannot be a name here: it must not begin or end with spaces");
    const slash = await dav.request("PROPFIND", "/a%2Fb/", { headers: { depth: "0" } });
    expect(slash.statusCode).toBe(400);
    expect(slash.json().message).toBe("'a/b' is not a valid name");
  });

  it("makes one folder of MKCOLs of one new name at once: one 201, the others 405", async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => dav.request("MKCOL", "/Together")));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 405, 405, 405, 405, 405]);
    const listing = await dav.request("PROPFIND", "/", { headers: { depth: "1" } });
    expect(hrefsOf(listing.body).filter((href) => href.includes("/Together"))).toHaveLength(1);
  });

  it("stores, reads (with Range) and replaces a file; a PUT to its name keeps one datastream", async () => {
    await dav.request("MKCOL", "/Files");
    expect((await dav.request("PUT", "/Files/note.txt", { body: "hello world" })).statusCode).toBe(201);
    const read = await dav.request("GET", "/Files/note.txt");
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe("hello world");
    // The content's whole sha-256 in base64url: strong, and short enough for clients' If headers.
    const sha256 = createHash("sha256").update("hello world");
    expect(read.headers.etag).toBe(`"${sha256.copy().digest("base64url")}"`);
    const fresh = await dav.request("GET", "/Files/note.txt", { headers: { "if-none-match": String(read.headers.etag) } });
    expect(fresh.statusCode).toBe(304);
    const ranged = { range: "bytes=0-4", "if-range": String(read.headers.etag) };
    expect((await dav.request("GET", "/Files/note.txt", { headers: ranged })).body).toBe("hello");
    const matching = await dav.request("PUT", "/Files/note.txt", { body: "hello world", headers: { if: `([${read.headers.etag}])` } });
    expect(matching.statusCode).toBe(204);
    const part = await dav.request("GET", "/Files/note.txt", { headers: { range: "bytes=6-10" } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe("world");
    expect(part.headers["content-range"]).toBe("bytes 6-10/11");
    const beyond = await dav.request("GET", "/Files/note.txt", { headers: { range: "bytes=50-60" } });
    expect(beyond.statusCode).toBe(416);

    const oldFile = sha256.digest("hex");
    expect((await dav.request("PUT", "/Files/note.txt", { body: "hello again" })).statusCode).toBe(204);
    expect((await dav.request("GET", "/Files/note.txt")).body).toBe("hello again");
    const head = await dav.request("HEAD", "/Files/note.txt");
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe("11");
    // The replaced bytes are freed once nothing holds them (the trash's purge job).
    await runJobs(t);
    expect(await isFileStored(t, tenant, oldFile)).toBe(false);
    const listing = await dav.request("PROPFIND", "/Files/", { headers: { depth: "1" }, body: PROPFIND_NAMES });
    expect(listing.statusCode).toBe(207);
    expect(hrefsOf(listing.body)).toEqual([`/${tenant.code}/dav/Files/`, `/${tenant.code}/dav/Files/note.txt`]);
    expect(listing.body).toContain("<D:getcontentlength>11</D:getcontentlength>");
  });

  it("answers 404 for what is not there, 409 for a PUT without its folder, 403 for files at the top level", async () => {
    expect((await dav.request("GET", "/Nothing.txt")).statusCode).toBe(404);
    expect((await dav.request("PROPFIND", "/Nothing/", { headers: { depth: "0" } })).statusCode).toBe(404);
    expect((await dav.request("PUT", "/Nowhere/a.txt", { body: "a" })).statusCode).toBe(409);
    const top = await dav.request("PUT", "/loose.txt", { body: "a" });
    expect(top.statusCode).toBe(403);
    expect(top.json().message).toBe("Files cannot be saved at the top level: save them in a folder");
    expect((await dav.request("PUT", "/Files", { body: "a" })).statusCode).toBe(405);
  });

  it("refuses PROPFIND of infinite depth with 403 and propfind-finite-depth", async () => {
    const deep = await dav.request("PROPFIND", "/", { headers: { depth: "infinity" } });
    expect(deep.statusCode).toBe(403);
    expect(deep.body).toContain("propfind-finite-depth");
    const bad = await dav.request("PROPFIND", "/", { headers: { depth: "0" }, body: "<not-xml" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("The request body is not well-formed XML");
  });

  it("names namesakes apart with a stable uuid suffix and maps slashes to a look-alike both ways", async () => {
    const box = (await newContainer(tenant.admin, { label: "Namesakes", type: "folder" })).uuid;
    const first = await uploadOne(tenant.admin, box, { name: "same.txt", content: Buffer.from("one") });
    const second = await uploadOne(tenant.admin, box, { name: "same.txt", content: Buffer.from("two") });
    const suffix = second.uuid.replaceAll("-", "").slice(-8);
    const list = async () => hrefsOf((await dav.request("PROPFIND", "/Namesakes/", { headers: { depth: "1" } })).body).slice(1);
    expect(await list()).toEqual([`/${tenant.code}/dav/Namesakes/same.txt`, `/${tenant.code}/dav/Namesakes/same (${suffix}).txt`]);
    expect(await list()).toEqual(await list());
    expect((await dav.request("GET", "/Namesakes/same.txt")).body).toBe("one");
    expect((await dav.request("GET", `/Namesakes/same (${suffix}).txt`)).body).toBe("two");
    expect(first.label).toBe(second.label);

    expect((await dav.request("PUT", `/Namesakes/${encodeURIComponent("a\u2215b.txt")}`, { body: "x" })).statusCode).toBe(201);
    const folder = (await tenant.admin.request("GET", `/api/containers/${box}/datastreams?size=50`)).json();
    expect(folder.content.map((item: { label: string }) => item.label)).toContain("a/b.txt");
    expect(await list()).toContain(`/${tenant.code}/dav/Namesakes/a\u2215b.txt`);
  });

  it("moves and renames with MOVE, copies with COPY (new objects, same bytes), Overwrite: F answers 412", async () => {
    await dav.request("MKCOL", "/Source");
    await dav.request("MKCOL", "/Target");
    await dav.request("PUT", "/Source/a.txt", { body: "alpha" });
    const dest = (path: string) => ({ destination: `http://localhost/${tenant.code}/dav${path}` });
    expect((await dav.request("MOVE", "/Source/a.txt", { headers: dest("/Target/b.txt") })).statusCode).toBe(201);
    expect((await dav.request("GET", "/Source/a.txt")).statusCode).toBe(404);
    expect((await dav.request("GET", "/Target/b.txt")).body).toBe("alpha");
    expect((await dav.request("COPY", "/Target/b.txt", { headers: dest("/Source/c.txt") })).statusCode).toBe(201);
    expect((await dav.request("GET", "/Source/c.txt")).body).toBe("alpha");
    const refused = await dav.request("COPY", "/Target/b.txt", { headers: { ...dest("/Source/c.txt"), overwrite: "F" } });
    expect(refused.statusCode).toBe(412);
    expect(refused.body).toContain("/Source/c.txt exists and Overwrite is F</R:message>");
    const badHeader = await dav.request("COPY", "/Target/b.txt", { headers: { ...dest("/Source/c.txt"), overwrite: "maybe" } });
    expect(badHeader.statusCode).toBe(400);
    expect(badHeader.json().message).toMatch(/overwrite.*must be T or F/);
    expect((await dav.request("COPY", "/Target/b.txt")).json().message).toBe("The Destination header is required");
    expect((await dav.request("COPY", "/Target/", { headers: dest("/Copied") })).statusCode).toBe(201);
    expect((await dav.request("GET", "/Copied/b.txt")).body).toBe("alpha");
    expect((await dav.request("MOVE", "/Copied/", { headers: dest("/Source/Copied") })).statusCode).toBe(201);
    expect((await dav.request("GET", "/Source/Copied/b.txt")).body).toBe("alpha");
    const intoItself = await dav.request("MOVE", "/Source/", { headers: dest("/Source/Copied/Source") });
    expect(intoItself.statusCode).toBe(409);
    // A file cannot land at the top level: refused before the folder it would replace is touched.
    const overFolder = await dav.request("MOVE", "/Source/c.txt", { headers: dest("/Target") });
    expect(overFolder.statusCode).toBe(403);
    expect((await dav.request("GET", "/Target/b.txt")).body).toBe("alpha");
  });

  it("DELETE puts a file or a folder in the trash, never deletes it for good", async () => {
    await dav.request("MKCOL", "/Doomed");
    await dav.request("PUT", "/Doomed/gone.txt", { body: "bye" });
    expect((await dav.request("DELETE", "/Doomed/gone.txt")).statusCode).toBe(204);
    expect((await dav.request("DELETE", "/Doomed/")).statusCode).toBe(204);
    expect((await dav.request("PROPFIND", "/Doomed/", { headers: { depth: "0" } })).statusCode).toBe(404);
    const labels = (await trashItems(tenant.admin)).map((item) => item.label);
    expect(labels).toEqual(expect.arrayContaining(["gone.txt", "Doomed"]));
    expect((await dav.request("DELETE", "/")).statusCode).toBe(403);
  });
});

describe("permissions, acceptance and settings", () => {
  it("needs content.edit to write and content.delete to delete; reading needs only sign-in", async () => {
    await tenant.newUser({ username: "reader" });
    const reader = davCaller(t, tenant.code, basic("reader", "User-password-1"));
    expect((await reader.request("PROPFIND", "/", { headers: { depth: "1" } })).statusCode).toBe(207);
    const put = await reader.request("PUT", "/Files/nope.txt", { body: "x" });
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe(`You do not have permission to do this (requires ${PERMISSIONS.contentEdit})`);
    expect((await reader.request("MKCOL", "/Nope")).statusCode).toBe(403);
    await tenant.newUser({ username: "editor", permissions: [PERMISSIONS.contentEdit] });
    const editor = davCaller(t, tenant.code, basic("editor", "User-password-1"));
    expect((await editor.request("PUT", "/Files/edited.txt", { body: "x" })).statusCode).toBe(201);
    expect((await editor.request("DELETE", "/Files/edited.txt")).statusCode).toBe(403);
  });

  it("refuses a file a folder's type does not accept, with the rule in the message", async () => {
    await created(tenant.admin, "/api/properties", propertyBody("caption"));
    await created(tenant.admin, "/api/datastream_types", datastreamTypeBody("photo", {}, [{ propertyKey: "caption", mandatory: true }]));
    // Not offered at the top level, so folders made there stay of type `folder`.
    await newContainerType(tenant.admin, "album", { datastreamAcceptance: "photo", allowedAtRoot: false });
    const holder = (await newContainer(tenant.admin, { label: "Albums", type: "folder" })).uuid;
    await newContainer(tenant.admin, { label: "Album", type: "album" }, holder);
    const refused = await dav.request("PUT", "/Albums/Album/x.jpg", { body: "x" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/required/);
    await setSetting("WEBDAV_DEFAULT_DATASTREAM_TYPE", "file");
    const wrongType = await dav.request("PUT", "/Albums/Album/y.jpg", { body: "y" });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe(
      "A datastream of type 'Type file' cannot be created in 'Album': type 'Type album' does not accept it",
    );
    await setSetting("WEBDAV_DEFAULT_DATASTREAM_TYPE", "");
  });

  it("MOVE is all or nothing: a move the destination refuses leaves the replaced file and the old name", async () => {
    await created(tenant.admin, "/api/datastream_types", datastreamTypeBody("still"));
    await newContainerType(tenant.admin, "gallery", { datastreamAcceptance: "still", allowedAtRoot: false });
    const holder = (await newContainer(tenant.admin, { label: "Galleries", type: "folder" })).uuid;
    const gallery = (await newContainer(tenant.admin, { label: "Gallery", type: "gallery" }, holder)).uuid;
    await uploadOne(tenant.admin, gallery, { name: "kept.jpg", content: Buffer.from("kept") }, { type: "still" });
    await dav.request("MKCOL", "/Loose");
    await dav.request("PUT", "/Loose/a.txt", { body: "loose" });
    // Three steps: the existing kept.jpg is removed, a.txt renamed, then moved, which the gallery refuses.
    const destination = `http://localhost/${tenant.code}/dav/Galleries/Gallery/kept.jpg`;
    const refused = await dav.request("MOVE", "/Loose/a.txt", { headers: { destination } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/does not accept it/);
    expect((await dav.request("GET", "/Loose/a.txt")).body).toBe("loose");
    expect((await dav.request("GET", "/Loose/kept.jpg")).statusCode).toBe(404);
    expect((await dav.request("GET", "/Galleries/Gallery/kept.jpg")).body).toBe("kept");
    expect(await trashItems(tenant.admin)).not.toContainEqual(expect.objectContaining({ label: "kept.jpg" }));
  });

  it("gives new folders the settings' WebDAV container type", async () => {
    await newContainerType(tenant.admin, "shelf");
    await setSetting("WEBDAV_DEFAULT_CONTAINER_TYPE", "shelf");
    expect((await dav.request("MKCOL", "/Shelved")).statusCode).toBe(201);
    await setSetting("WEBDAV_DEFAULT_CONTAINER_TYPE", "");
    const root = (await tenant.admin.request("GET", "/api/containers?size=200")).json();
    const shelved = root.content.find((item: { label: string }) => item.label === "Shelved");
    expect(shelved.type.code).toBe("shelf");
  });
});

describe("locks", () => {
  const lockBody =
    '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>me</D:owner></D:lockinfo>';

  it("locks a file: others' writes answer 423, the token's holder writes, UNLOCK frees it", async () => {
    await dav.request("MKCOL", "/Locked");
    await dav.request("PUT", "/Locked/doc.txt", { body: "v1" });
    const lock = await dav.request("LOCK", "/Locked/doc.txt", { body: lockBody, headers: { timeout: "Second-60" } });
    expect(lock.statusCode).toBe(200);
    const token = /^<(.+)>$/.exec(String(lock.headers["lock-token"]))?.[1] ?? "";
    expect(token).toMatch(/^urn:uuid:/);
    expect(lock.body).toContain("<D:timeout>Second-60</D:timeout>");
    const blocked = await dav.request("PUT", "/Locked/doc.txt", { body: "v2" });
    expect(blocked.statusCode).toBe(423);
    // RFC 4918 §16: a DAV:error naming the precondition and the locked URL, with a message a person reads.
    expect(blocked.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const lockedHref = `<D:href>/${tenant.code}/dav/Locked/doc.txt</D:href>`;
    expect(blocked.body).toContain(`<D:lock-token-submitted>${lockedHref}</D:lock-token-submitted>`);
    expect(blocked.body).toContain("/Locked/doc.txt is locked; send its lock token in the If header</R:message>");
    const deleting = await dav.request("DELETE", "/Locked/");
    expect(deleting.statusCode).toBe(423);
    expect(deleting.body).toContain(`<D:lock-token-submitted>${lockedHref}</D:lock-token-submitted>`);
    const relock = await dav.request("LOCK", "/Locked/doc.txt", { body: lockBody });
    expect(relock.statusCode).toBe(423);
    expect(relock.body).toContain(`<D:no-conflicting-lock>${lockedHref}</D:no-conflicting-lock>`);
    expect((await dav.request("PUT", "/Locked/doc.txt", { body: "v2", headers: { if: `(<${token}>)` } })).statusCode).toBe(204);
    const etag = String((await dav.request("GET", "/Locked/doc.txt")).headers.etag);
    const stale = await dav.request("PUT", "/Locked/doc.txt", { body: "v3", headers: { if: `(<${token}> ["nope"])` } });
    expect(stale.statusCode).toBe(412);
    expect(stale.body).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?><D:error xmlns:D="DAV:">/);
    expect(stale.body).toContain("The If header's conditions do not hold</R:message>");
    expect((await dav.request("PUT", "/Locked/doc.txt", { body: "v3", headers: { if: `(<${token}> [${etag}])` } })).statusCode).toBe(204);
    expect((await dav.request("PUT", "/Locked/doc.txt", { body: "v4", headers: { if: "(<" } })).statusCode).toBe(400);
    const wrongToken = await dav.request("UNLOCK", "/Locked/doc.txt", { headers: { "lock-token": "<urn:uuid:nope>" } });
    expect(wrongToken.statusCode).toBe(409);
    expect(wrongToken.body).toContain("<D:lock-token-matches-request-uri/>");
    expect((await dav.request("UNLOCK", "/Locked/doc.txt", { headers: { "lock-token": `<${token}>` } })).statusCode).toBe(204);
    expect((await dav.request("PUT", "/Locked/doc.txt", { body: "v5" })).statusCode).toBe(204);
  });

  it("locks of one tenant do not reach another's same path", async () => {
    await dav.request("MKCOL", "/Shared");
    await dav.request("PUT", "/Shared/x.txt", { body: "x" });
    expect((await dav.request("LOCK", "/Shared/x.txt", { body: lockBody })).statusCode).toBe(200);
    const elsewhere = davCaller(t, other.code, adminBasic);
    await elsewhere.request("MKCOL", "/Shared");
    expect((await elsewhere.request("PUT", "/Shared/x.txt", { body: "y" })).statusCode).toBe(201);
    expect((await elsewhere.request("PUT", "/Shared/x.txt", { body: "z" })).statusCode).toBe(204);
  });
});
