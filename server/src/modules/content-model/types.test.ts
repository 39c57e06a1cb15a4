import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenantDb } from "../../platform/db/tenant-transaction.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { containerTypeBody, created, datastreamTypeBody, propertyBody } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  for (const key of ["title", "date", "pages", "notes"]) await created(tenant.admin, "/api/properties", propertyBody(key));
});
afterAll(() => t.close());

const codesOf = (page: { content: { code: string }[] }) => page.content.map((type) => type.code);

describe("container types", () => {
  it("creates a type with its code lowercased, reads it by code and lists it", async () => {
    const type = await created<{ properties: unknown[] }>(
      tenant.admin,
      "/api/container_types",
      containerTypeBody("Article", { name: "Article", layout: "RECORD" }),
    );
    expect(type).toEqual({
      id: expect.any(Number),
      code: "article",
      name: "Article",
      layout: "RECORD",
      containerAcceptance: "",
      datastreamAcceptance: "",
      allowedAtRoot: true,
      properties: [],
    });
    expect((await tenant.admin.request("GET", "/api/container_types/article")).json()).toEqual(type);
    expect((await tenant.admin.request("GET", "/api/container_types/ARTICLE")).json()).toEqual(type);
    const list = (await tenant.admin.request("GET", "/api/container_types?q=artic")).json();
    const { properties: _properties, ...summary } = type;
    expect(list.content).toEqual([summary]);
  });

  it("filters the list to the types offered at the root", async () => {
    await created(tenant.admin, "/api/container_types", containerTypeBody("rootless", { allowedAtRoot: false }));
    expect(codesOf((await tenant.admin.request("GET", "/api/container_types?allowedAtRoot=false")).json())).toEqual(["rootless"]);
    expect(codesOf((await tenant.admin.request("GET", "/api/container_types?allowedAtRoot=true")).json())).not.toContain("rootless");
  });

  it("refuses a code taken already, in any case, with 409", async () => {
    const answer = await tenant.admin.request("POST", "/api/container_types", containerTypeBody("ARTICLE"));
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe("A container type with code 'article' already exists");
  });

  it("updates name, layout, root flag, acceptance lists and properties, keeping the code", async () => {
    await created(tenant.admin, "/api/datastream_types", datastreamTypeBody("pdf"));
    await created(tenant.admin, "/api/container_types", containerTypeBody("folder"));
    const answer = await tenant.admin.request(
      "PUT",
      "/api/container_types/folder",
      containerTypeBody(
        "folder",
        { name: "Folder", layout: "CATALOGUING", allowedAtRoot: false, containerAcceptance: "folder;article", datastreamAcceptance: "pdf" },
        [{ propertyKey: "title", mandatory: true }],
      ),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      code: "folder",
      name: "Folder",
      layout: "CATALOGUING",
      allowedAtRoot: false,
      containerAcceptance: "folder;article",
      datastreamAcceptance: "pdf",
      properties: [{ propertyKey: "title", mandatory: true }],
    });
  });

  it("keeps the code: a different code or id in an update is refused with 400", async () => {
    const folder = (await tenant.admin.request("GET", "/api/container_types/folder")).json();
    const code = await tenant.admin.request("PUT", "/api/container_types/folder", containerTypeBody("binder"));
    expect(code.statusCode).toBe(400);
    expect(code.json().message).toBe("container.code cannot be changed after creation (it is 'folder')");
    const id = await tenant.admin.request("PUT", "/api/container_types/folder", containerTypeBody("folder", { id: folder.id + 1000 }));
    expect(id.statusCode).toBe(400);
    expect(id.json().message).toBe("container.id does not match container type 'folder'");
    expect((await tenant.admin.request("GET", "/api/container_types/folder")).json()).toEqual(folder);
    expect((await tenant.admin.request("GET", "/api/container_types/binder")).statusCode).toBe(404);
  });

  it("checks acceptance lists: known codes only, a type may accept itself, spaces and case are tidied", async () => {
    const own = await created(
      tenant.admin,
      "/api/container_types",
      containerTypeBody("chapter", { containerAcceptance: " Chapter ; article;;" }),
    );
    expect(own.containerAcceptance).toBe("chapter;article");

    const unknownContainer = await tenant.admin.request(
      "POST",
      "/api/container_types",
      containerTypeBody("bad1", { containerAcceptance: "article;nope" }),
    );
    expect(unknownContainer.statusCode).toBe(400);
    expect(unknownContainer.json().message).toBe("container.containerAcceptance: no container type with code 'nope'");
    const unknownDatastream = await tenant.admin.request(
      "POST",
      "/api/container_types",
      containerTypeBody("bad2", { datastreamAcceptance: "article" }),
    );
    expect(unknownDatastream.statusCode).toBe(400);
    expect(unknownDatastream.json().message).toBe("container.datastreamAcceptance: no datastream type with code 'article'");
    for (const code of ["bad1", "bad2"]) expect((await tenant.admin.request("GET", `/api/container_types/${code}`)).statusCode).toBe(404);
  });

  it("checks the type's properties: known keys, listed once, known groups", async () => {
    const unknown = await tenant.admin.request(
      "POST",
      "/api/container_types",
      containerTypeBody("bad3", {}, [{ propertyKey: "title" }, { propertyKey: "nope" }]),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("properties.1.propertyKey: no property with key 'nope'");
    const twice = await tenant.admin.request(
      "POST",
      "/api/container_types",
      containerTypeBody("bad3", {}, [{ propertyKey: "title" }, { propertyKey: "title" }]),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe("properties.1.propertyKey: property 'title' is listed twice");
    const group = await tenant.admin.request(
      "POST",
      "/api/container_types",
      containerTypeBody("bad3", {}, [{ propertyKey: "title", groupId: 99_999 }]),
    );
    expect(group.statusCode).toBe(400);
    expect(group.json().message).toBe("properties.0.groupId: no property group with id 99999");
    const layout = await tenant.admin.request("POST", "/api/container_types", containerTypeBody("bad3", { layout: "GRID" }));
    expect(layout.statusCode).toBe(400);
    expect(layout.json().message).toBe("Invalid body: container.layout must be one of DEFAULT, RECORD, CATALOGUING");
    expect((await tenant.admin.request("GET", "/api/container_types/bad3")).statusCode).toBe(404);
  });

  it("answers the type's properties with its own group, position and flags, by group name then position", async () => {
    const b = await created<{ id: number }>(tenant.admin, "/api/property_groups", { name: "B group" });
    const a = await created<{ id: number }>(tenant.admin, "/api/property_groups", { name: "A group" });
    await created(
      tenant.admin,
      "/api/container_types",
      containerTypeBody("ordered", {}, [
        { propertyKey: "title", groupId: b.id, position: 0, mandatory: true, editable: false, repeatable: true },
        { propertyKey: "notes", groupId: null, position: 0 },
        { propertyKey: "date", groupId: a.id, position: 2 },
        { propertyKey: "pages", groupId: a.id, position: 1 },
      ]),
    );
    const type = (await tenant.admin.request("GET", "/api/container_types/ordered")).json();
    expect(type.properties.map((p: { propertyKey: string }) => p.propertyKey)).toEqual(["pages", "date", "title", "notes"]);
    expect(type.properties[2]).toMatchObject({
      propertyKey: "title",
      displayName: "Label of title",
      propertyType: "text",
      groupId: b.id,
      position: 0,
      mandatory: true,
      editable: false,
      repeatable: true,
    });
    // The property itself is unchanged: the flags belong to this type.
    expect((await tenant.admin.request("GET", "/api/properties/title")).json()).toMatchObject({
      mandatory: false,
      editable: true,
      groupId: null,
    });
  });

  it("refuses to delete a type another type accepts or a reference property names, and deletes a self-accepting one", async () => {
    await created(tenant.admin, "/api/container_types", containerTypeBody("shelf", { containerAcceptance: "shelf" }));
    await created(tenant.admin, "/api/container_types", containerTypeBody("volume"));
    await created(tenant.admin, "/api/container_types", containerTypeBody("library", { containerAcceptance: "volume" }));
    const accepted = await tenant.admin.request("DELETE", "/api/container_types/volume");
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().message).toBe("Container type 'volume' is in use by the acceptance list of container type 'library'");

    await created(tenant.admin, "/api/container_types", containerTypeBody("author"));
    await created(
      tenant.admin,
      "/api/properties",
      propertyBody("written.by", { propertyType: "reference", propertyDetails: '{"containerTypes":["author"]}' }),
    );
    const referenced = await tenant.admin.request("DELETE", "/api/container_types/author");
    expect(referenced.statusCode).toBe(409);
    expect(referenced.json().message).toBe("Container type 'author' is in use by reference property 'written.by'");
    for (const code of ["volume", "author"])
      expect((await tenant.admin.request("GET", `/api/container_types/${code}`)).statusCode).toBe(200);

    expect((await tenant.admin.request("DELETE", "/api/container_types/shelf")).statusCode).toBe(204);
    const gone = await tenant.admin.request("GET", "/api/container_types/shelf");
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("Container type 'shelf' not found");
  });
});

describe("datastream types", () => {
  it("creates, reads, lists, updates and deletes a datastream type", async () => {
    const type = await created(
      tenant.admin,
      "/api/datastream_types",
      datastreamTypeBody("Image", { name: "Image" }, [{ propertyKey: "title" }]),
    );
    expect(type).toMatchObject({
      code: "image",
      name: "Image",
      layout: "DEFAULT",
      datastreamAcceptance: "",
      properties: [{ propertyKey: "title" }],
    });
    expect(type).not.toHaveProperty("allowedAtRoot");
    expect((await tenant.admin.request("GET", "/api/datastream_types/image")).json()).toEqual(type);
    expect(codesOf((await tenant.admin.request("GET", "/api/datastream_types?q=ima")).json())).toEqual(["image"]);

    const updated = await tenant.admin.request(
      "PUT",
      "/api/datastream_types/image",
      datastreamTypeBody("image", { name: "Picture", datastreamAcceptance: "image" }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: "Picture", datastreamAcceptance: "image", properties: [] });

    const code = await tenant.admin.request("PUT", "/api/datastream_types/image", datastreamTypeBody("photo"));
    expect(code.statusCode).toBe(400);
    expect(code.json().message).toBe("dataStream.code cannot be changed after creation (it is 'image')");

    expect((await tenant.admin.request("DELETE", "/api/datastream_types/image")).statusCode).toBe(204);
    expect((await tenant.admin.request("GET", "/api/datastream_types/image")).statusCode).toBe(404);
  });

  it("refuses unknown codes in its acceptance list and a taken code", async () => {
    await created(tenant.admin, "/api/datastream_types", datastreamTypeBody("audio"));
    const unknown = await tenant.admin.request(
      "POST",
      "/api/datastream_types",
      datastreamTypeBody("video", { datastreamAcceptance: "audio;film" }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("dataStream.datastreamAcceptance: no datastream type with code 'film'");
    const taken = await tenant.admin.request("POST", "/api/datastream_types", datastreamTypeBody("Audio"));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("A datastream type with code 'audio' already exists");
  });

  it("refuses to delete a datastream type a container type accepts", async () => {
    await created(tenant.admin, "/api/datastream_types", datastreamTypeBody("tiff"));
    await created(tenant.admin, "/api/container_types", containerTypeBody("scanbox", { datastreamAcceptance: "tiff" }));
    const answer = await tenant.admin.request("DELETE", "/api/datastream_types/tiff");
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe("Datastream type 'tiff' is in use by the acceptance list of container type 'scanbox'");
    expect((await tenant.admin.request("GET", "/api/datastream_types/tiff")).statusCode).toBe(200);
  });

  it("keeps container and datastream codes apart: the same code may name one of each", async () => {
    await created(tenant.admin, "/api/datastream_types", datastreamTypeBody("report"));
    await created(tenant.admin, "/api/container_types", containerTypeBody("report"));
    expect((await tenant.admin.request("GET", "/api/datastream_types/report")).json()).not.toHaveProperty("allowedAtRoot");
    expect((await tenant.admin.request("GET", "/api/container_types/report")).json()).toHaveProperty("allowedAtRoot", true);
  });
});

describe("what the content area asks of the model", () => {
  function contextOf(): RequestContext {
    return {
      tenant: { id: tenant.id, code: tenant.code, name: "", storageQuota: 0 },
      user: null,
      permissions: new Set(),
      db: tenantDb(t.db, tenant.id),
    };
  }

  it("answers which types may be created where, the properties of a type, and a property by key", async () => {
    await created(tenant.admin, "/api/datastream_types", datastreamTypeBody("page"));
    await created(tenant.admin, "/api/container_types", containerTypeBody("any", { allowedAtRoot: false }));
    await created(
      tenant.admin,
      "/api/container_types",
      containerTypeBody("picky", { containerAcceptance: "any", datastreamAcceptance: "page" }, [{ propertyKey: "title" }]),
    );
    const model = t.services.contentModel;
    const ctx = contextOf();

    expect(await model.acceptsContainer(ctx, null, "picky")).toBe(true);
    expect(await model.acceptsContainer(ctx, null, "any")).toBe(false);
    expect(await model.acceptsContainer(ctx, "picky", "any")).toBe(true);
    expect(await model.acceptsContainer(ctx, "picky", "picky")).toBe(false);
    expect(await model.acceptsContainer(ctx, "any", "picky")).toBe(true);
    expect(await model.acceptsContainer(ctx, "picky", "nope")).toBe(false);
    expect(await model.acceptsDatastream(ctx, "picky", "page")).toBe(true);
    expect(await model.acceptsDatastream(ctx, "picky", "pdf")).toBe(false);
    expect(await model.acceptsDatastream(ctx, "any", "pdf")).toBe(true);

    expect((await model.listPropertiesOfType(ctx, "container", "picky")).map((p) => p.propertyKey)).toEqual(["title"]);
    expect(await model.listPropertiesOfType(ctx, "container", "nope")).toEqual([]);
    expect((await model.propertyByKey(ctx, "title"))?.propertyType).toBe("text");
    expect(await model.propertyByKey(ctx, "nope")).toBeUndefined();
    expect((await model.getContainerType(ctx, "picky")).datastreamAcceptance).toBe("page");
  });
});
