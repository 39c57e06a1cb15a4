import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { getContainer, newContainer, propertyValue, setUpLibraryModel } from "./testing.ts";

const REQUIRED = "There are required fields need to be filled in order to save";
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
let tenant: TestTenant;
let shelf: string;
let box: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await setUpLibraryModel(tenant.admin);
  shelf = (await newContainer(tenant.admin, { label: "Shelf A", type: "shelf", properties: [{ key: "title", value: propertyValue("A") }] }))
    .uuid;
  box = (await newContainer(tenant.admin, { label: "Box 1", type: "box" })).uuid;
});
afterAll(() => t.close());

const title = (text: string) => ({ key: "title", value: propertyValue(text) });
const post = (body: unknown, to?: string) => tenant.admin.request("POST", `/api/containers${to ? `?to=${to}` : ""}`, body);
const valueAt = (container: { properties: { key: string; value: string | null }[] }, key: string) =>
  container.properties
    .filter((property) => property.key === key)
    .map((property) => (property.value === null ? null : JSON.parse(property.value)));

describe("creating containers", () => {
  it("creates a container at the top level and answers it with 201", async () => {
    const answer = await post({ label: "  Shelf B  ", type: "SHELF", properties: [title("Second shelf")] });
    expect(answer.statusCode).toBe(201);
    const container = answer.json();
    expect(container.uuid).toMatch(UUID_V7);
    expect(container).toMatchObject({
      id: container.uuid,
      label: "Shelf B",
      type: { code: "shelf", name: "Type shelf", layout: "DEFAULT" },
      color: null,
      starred: false,
      published: false,
      datastreamCount: 0,
      childCount: 0,
      createdBy: { uuid: tenant.admin.uuid, email: expect.any(String) },
      modifiedBy: { uuid: tenant.admin.uuid },
      atRoot: true,
      paths: [{ nodes: [] }],
      parents: [],
      children: [],
      datastreams: [],
    });
    expect(container.properties).toEqual([
      {
        key: "title",
        value: propertyValue("Second shelf"),
        id: expect.any(Number),
        label: "Label of title",
        propertyType: "text",
        groupId: null,
        position: 0,
        instance: 0,
        mandatory: true,
        editable: true,
        repeatable: false,
      },
    ]);
    expect(await getContainer(tenant.admin, container.uuid)).toEqual(container);
  });

  it("creates a container inside a parent with values of several property types, normalised", async () => {
    const answer = await post(
      {
        label: "Atlas",
        type: "book",
        properties: [
          title(" World atlas "),
          { key: "year", value: propertyValue("1999") },
          { key: "keywords", value: propertyValue("maps") },
          { key: "keywords", value: { values: "rivers", qualifiers: [] } },
          { key: "keywords", value: propertyValue("") },
          { key: "keywords", value: propertyValue("mountains") },
          { key: "subject", value: propertyValue(["geo", "hist"]) },
          { key: "related", value: propertyValue(box.toUpperCase()) },
          { key: "format", value: propertyValue(" print ") },
          { key: "place", value: propertyValue({ placename: "Athens", longitude: "23.72", langitude: "37.98" }) },
          { key: "isbn", value: propertyValue("978-0") },
        ],
      },
      shelf,
    );
    expect(answer.statusCode).toBe(201);
    const book = answer.json();
    expect(book.atRoot).toBe(false);
    expect(book.paths).toEqual([{ nodes: [{ uuid: shelf, label: "Shelf A" }] }]);
    expect(book.parents).toEqual([{ uuid: shelf, label: "Shelf A" }]);
    expect(valueAt(book, "title")).toEqual([{ values: "World atlas", qualifiers: [] }]);
    expect(valueAt(book, "year")).toEqual([{ values: 1999, qualifiers: [] }]);
    expect(valueAt(book, "keywords").map((value) => value.values)).toEqual(["maps", "rivers", "mountains"]);
    expect(book.properties.filter((p: { key: string }) => p.key === "keywords").map((p: { instance: number }) => p.instance)).toEqual([
      0, 1, 2,
    ]);
    expect(valueAt(book, "subject")).toEqual([{ values: ["geo", "hist"], qualifiers: [] }]);
    expect(valueAt(book, "related")).toEqual([{ values: [box], qualifiers: [] }]);
    expect(valueAt(book, "format")).toEqual([{ values: "print", qualifiers: [] }]);
    expect(valueAt(book, "place")).toEqual([
      { values: { placename: "Athens", longitude: 23.72, latitude: 37.98, langitude: 37.98 }, qualifiers: [] },
    ]);
    expect(valueAt(book, "isbn")).toEqual([{ values: "978-0", qualifiers: [] }]);
    expect(book.properties.map((p: { key: string }) => p.key)).toEqual([
      "title",
      "year",
      "keywords",
      "keywords",
      "keywords",
      "subject",
      "related",
      "format",
      "place",
      "isbn",
    ]);

    const parent = await getContainer(tenant.admin, shelf);
    expect(parent.childCount).toBe(1);
    expect(parent.children.map((child) => child.label)).toEqual(["Atlas"]);
  });

  it("answers every property of the type, the empty ones once with a null value", async () => {
    const book = (await post({ label: "Thin", type: "book", properties: [title("Thin")] }, shelf)).json();
    expect(valueAt(book, "year")).toEqual([null]);
    expect(valueAt(book, "keywords")).toEqual([null]);
  });

  it.each([
    [
      "a property the type does not have",
      [title("x"), { key: "nope", value: propertyValue("x") }],
      "properties.1.key: 'nope' is not a property of container type 'book'",
    ],
    ["a value of the wrong form", [title("x"), { key: "year", value: propertyValue("nineteen") }], "Label of year: must be a number"],
    ["a value that is not JSON", [{ key: "title", value: "{values:" }], "Label of title: the value is not valid JSON"],
    ["a property that is not repeatable given twice", [title("x"), title("y")], "Label of title: is not repeatable, so it takes one value"],
    [
      "a term not in the vocabulary",
      [title("x"), { key: "subject", value: propertyValue(["geo", "zzz"]) }],
      "Label of subject: 'zzz' is not a term of its vocabulary",
    ],
    [
      "an enum value not listed",
      [title("x"), { key: "format", value: propertyValue("ebook") }],
      'Label of format: "ebook" is not one of the listed values',
    ],
    [
      "a reference to a container that does not exist",
      [title("x"), { key: "related", value: propertyValue("0190b1a0-0000-7000-8000-000000000001") }],
      "Label of related: no container with id '0190b1a0-0000-7000-8000-000000000001'",
    ],
    [
      "a mandatory property left empty",
      [
        { key: "title", value: propertyValue("   ") },
        { key: "year", value: propertyValue(3) },
      ],
      REQUIRED,
    ],
    ["no properties at all while one is mandatory", [], REQUIRED],
  ])("refuses %s with 400 and a message naming it", async (_case, properties, message) => {
    const answer = await post({ label: "Refused", type: "book", properties }, shelf);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ status: 400, error: "Bad Request", message });
  });

  it("refuses a reference to a container of a type the property does not take", async () => {
    const answer = await post(
      { label: "Refused", type: "book", properties: [title("x"), { key: "related", value: propertyValue(shelf) }] },
      shelf,
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe("Label of related: 'Shelf A' is a container of type 'shelf'; this property takes 'box'");
  });

  it.each([
    [{ label: "", type: "box" }, "Invalid body: label is required"],
    [{ label: "   ", type: "box" }, "Invalid body: label is required"],
    [{ label: "x".repeat(256), type: "box" }, "Invalid body: label must be at most 255 characters"],
    [{ label: "two\nlines", type: "box" }, "Invalid body: label must not contain control characters such as tabs or line breaks"],
    [{ type: "box" }, "Invalid body: label must be text"],
    [{ label: "No type" }, "Invalid body: type must be a container type code"],
    [{ label: "Unknown", type: "nope" }, "type: no container type with code 'nope'"],
  ])("refuses a bad label or type: %j", async (body, message) => {
    const answer = await post(body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(message);
  });

  it("answers 404 for a parent that does not exist", async () => {
    const missing = "0190b1a0-0000-7000-8000-0000000000aa";
    const answer = await post({ label: "Orphan", type: "box" }, missing);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(`Container ${missing} not found`);
  });

  it("offers the top level only to types allowed at the root", async () => {
    const chapter = await post({ label: "Loose chapter", type: "chapter" });
    expect(chapter.statusCode).toBe(400);
    expect(chapter.json().message).toBe("A container of type 'Type chapter' cannot be created at the top level");
    expect((await post({ label: "Loose chapter", type: "chapter" }, "ROOT")).statusCode).toBe(400);
    expect((await post({ label: "Box at root", type: "box" }, "root")).statusCode).toBe(201);
  });

  it("keeps to the parent type's acceptance list, where an empty list accepts every type", async () => {
    const refused = await post({ label: "Box in shelf", type: "box" }, shelf);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "A container of type 'Type box' cannot be created in 'Shelf A': type 'Type shelf' does not accept it",
    );
    expect((await post({ label: "Chapter in box", type: "chapter" }, box)).statusCode).toBe(201);
    expect((await post({ label: "Book in box", type: "book", properties: [title("t")] }, box)).statusCode).toBe(201);
  });
});

describe("updating containers", () => {
  async function newBook(label: string) {
    return newContainer(
      tenant.admin,
      {
        label,
        type: "book",
        properties: [title(label), { key: "year", value: propertyValue(2001) }, { key: "isbn", value: propertyValue("111") }],
      },
      shelf,
    );
  }
  const put = (uuid: string, body: Record<string, unknown>) => tenant.admin.request("PUT", `/api/containers/${uuid}`, body);

  it("replaces label and property values; an editable property left out is emptied", async () => {
    const book = await newBook("Draft");
    const answer = await put(book.uuid, {
      id: book.uuid,
      label: "Final",
      type: "book",
      properties: [title("Final"), { key: "keywords", value: propertyValue("a") }, { key: "keywords", value: propertyValue("b") }],
    });
    expect(answer.statusCode).toBe(200);
    const updated = answer.json();
    expect(updated.label).toBe("Final");
    expect(valueAt(updated, "title")).toEqual([{ values: "Final", qualifiers: [] }]);
    expect(valueAt(updated, "keywords").map((value) => value.values)).toEqual(["a", "b"]);
    expect(valueAt(updated, "year")).toEqual([null]);
    expect(valueAt(updated, "isbn")).toEqual([{ values: "111", qualifiers: [] }]);
    expect(await getContainer(tenant.admin, book.uuid)).toEqual(updated);
  });

  it("refuses to change a property that is not editable, naming it, and accepts it unchanged", async () => {
    const book = await newBook("Locked");
    const changed = await put(book.uuid, {
      id: book.uuid,
      label: "Locked",
      properties: [title("Locked"), { key: "isbn", value: propertyValue("222") }],
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe("These properties cannot be changed: Label of isbn");
    const cleared = await put(book.uuid, { id: book.uuid, label: "Locked", properties: [title("Locked"), { key: "isbn", value: null }] });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().message).toBe("These properties cannot be changed: Label of isbn");

    const unchanged = await put(book.uuid, {
      id: book.uuid,
      label: "Locked 2",
      properties: [title("Locked"), { key: "isbn", value: propertyValue(" 111 ") }],
    });
    expect(unchanged.statusCode).toBe(200);
    expect(valueAt(unchanged.json(), "isbn")).toEqual([{ values: "111", qualifiers: [] }]);
  });

  it("refuses to empty a mandatory property", async () => {
    const book = await newBook("Mandatory");
    const answer = await put(book.uuid, { id: book.uuid, label: "Mandatory", properties: [{ key: "year", value: propertyValue(1) }] });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(REQUIRED);
    expect(valueAt(await getContainer(tenant.admin, book.uuid), "year")).toEqual([{ values: 2001, qualifiers: [] }]);
  });

  it("keeps the type fixed and the body's id the path's", async () => {
    const book = await newBook("Fixed");
    const retyped = await put(book.uuid, { id: book.uuid, label: "Fixed", type: "box", properties: [] });
    expect(retyped.statusCode).toBe(400);
    expect(retyped.json().message).toBe("The type of a container cannot change after it is created (it is 'book')");
    const other = await put(book.uuid, { id: shelf, label: "Fixed", properties: [title("x")] });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe("id in the body does not match the path");
    const missingId = await put(book.uuid, { label: "Fixed", properties: [title("x")] });
    expect(missingId.statusCode).toBe(400);
  });

  it("renames through the label route, the same rules for the label", async () => {
    const book = await newBook("Old name");
    const renamed = await tenant.admin.request("PUT", `/api/containers/${book.uuid}/label`, { label: " New name " });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ uuid: book.uuid, label: "New name" });
    expect((await getContainer(tenant.admin, book.uuid)).label).toBe("New name");
    const blank = await tenant.admin.request("PUT", `/api/containers/${book.uuid}/label`, { label: " " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe("Invalid body: label is required");
  });

  it("sets a 3 or 6 digit hex colour, refuses others with the spec's message, and clears with null", async () => {
    const book = await newBook("Coloured");
    const color = (value: unknown) => tenant.admin.request("PUT", `/api/containers/${book.uuid}/color`, { color: value });
    expect((await color("#1E90FF")).json().color).toBe("#1e90ff");
    expect((await color("#abc")).json().color).toBe("#abc");
    for (const bad of ["#12", "red", "#1234567", "#ggg"]) {
      const answer = await color(bad);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(`Invalid hex color value: ${bad}`);
    }
    expect((await getContainer(tenant.admin, book.uuid)).color).toBe("#abc");
    expect((await color(null)).json().color).toBeNull();
    expect((await getContainer(tenant.admin, book.uuid)).color).toBeNull();
  });
});
