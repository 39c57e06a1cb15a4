import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { getContainer, newContainer, propertyValue, setUpLibraryModel } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await setUpLibraryModel(tenant.admin);
});
afterAll(() => t.close());

const title = (text: string) => ({ key: "title", value: propertyValue(text) });
const move = (uuid: string, from: string, to: string) => tenant.admin.request("POST", `/api/containers/${uuid}/move`, { from, to });
const link = (uuid: string, to: string) => tenant.admin.request("POST", `/api/containers/${uuid}/link?to=${to}`);
const pathLabels = async (uuid: string) =>
  (await getContainer(tenant.admin, uuid)).paths.map((path) => path.nodes.map((node) => node.label));
const box = async (label: string, to?: string) => (await newContainer(tenant.admin, { label, type: "box" }, to)).uuid;

describe("moving containers", () => {
  it("moves a container from one parent to another in one step", async () => {
    const shelfA = (await newContainer(tenant.admin, { label: "Shelf A", type: "shelf", properties: [title("A")] })).uuid;
    const shelfB = (await newContainer(tenant.admin, { label: "Shelf B", type: "shelf", properties: [title("B")] })).uuid;
    const book = (await newContainer(tenant.admin, { label: "Moving book", type: "book", properties: [title("m")] }, shelfA)).uuid;
    const answer = await move(book, shelfA, shelfB);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().paths).toEqual([{ nodes: [{ uuid: shelfB, label: "Shelf B" }] }]);
    expect((await getContainer(tenant.admin, shelfA)).childCount).toBe(0);
    expect((await getContainer(tenant.admin, shelfB)).children.map((child) => child.uuid)).toEqual([book]);
  });

  it("moves to and from the top level, spelled ROOT in any case", async () => {
    const parent = await box("Parent");
    const child = await box("Child", parent);
    expect((await move(child, parent, "root")).statusCode).toBe(200);
    expect(await pathLabels(child)).toEqual([[]]);
    expect((await move(child, "ROOT", parent)).statusCode).toBe(200);
    expect(await pathLabels(child)).toEqual([["Parent"]]);
  });

  it("refuses to move a container into itself or into a container below it", async () => {
    const top = await box("Top");
    const middle = await box("Middle", top);
    const bottom = await box("Bottom", middle);
    const intoItself = await move(top, "ROOT", top);
    expect(intoItself.statusCode).toBe(409);
    expect(intoItself.json().message).toBe("'Top' cannot be moved into itself or into a container inside it");
    const intoDescendant = await move(top, "ROOT", bottom);
    expect(intoDescendant.statusCode).toBe(409);
    expect(intoDescendant.json().message).toBe("'Top' cannot be moved into itself or into a container inside it");
    expect((await move(middle, top, bottom)).statusCode).toBe(409);
    expect(await pathLabels(bottom)).toEqual([["Top", "Middle"]]);
  });

  it("asks for a different destination when the container is there already", async () => {
    const parent = await box("Same parent");
    const other = await box("Other parent");
    const child = await box("Same child", parent);
    expect((await link(child, other)).statusCode).toBe(200);
    for (const to of [parent, other]) {
      const answer = await move(child, parent, to);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe("Select a different destination");
    }
  });

  it("refuses a move from a parent the container is not in", async () => {
    const parent = await box("Real parent");
    const stranger = await box("Stranger");
    const child = await box("Kid", parent);
    const answer = await move(child, stranger, "ROOT");
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe("'Kid' is not in 'Stranger'");
    const fromTop = await move(child, "ROOT", stranger);
    expect(fromTop.statusCode).toBe(409);
    expect(fromTop.json().message).toBe("'Kid' is not at the top level");
  });

  it("keeps to the destination's acceptance list and to allowedAtRoot", async () => {
    const shelf = (await newContainer(tenant.admin, { label: "Picky shelf", type: "shelf", properties: [title("p")] })).uuid;
    const holder = await box("Holder box");
    const loose = await box("Loose box");
    const refused = await move(loose, "ROOT", shelf);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "A container of type 'Type box' cannot be moved into 'Picky shelf': type 'Type shelf' does not accept it",
    );
    const chapter = (await newContainer(tenant.admin, { label: "A chapter", type: "chapter" }, holder)).uuid;
    const toTop = await move(chapter, holder, "ROOT");
    expect(toTop.statusCode).toBe(400);
    expect(toTop.json().message).toBe("A container of type 'Type chapter' cannot be moved to the top level");
    expect(await pathLabels(chapter)).toEqual([["Holder box"]]);
  });

  it("answers 404 for an unknown container or destination", async () => {
    const missing = "0190b1a0-0000-7000-8000-0000000000cc";
    const child = await box("Lonely");
    expect((await move(missing, "ROOT", child)).statusCode).toBe(404);
    const answer = await move(child, "ROOT", missing);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(`Container ${missing} not found`);
  });
});

describe("linking containers", () => {
  it("adds a parent and keeps the others; removing one placement keeps the other", async () => {
    const first = await box("First");
    const second = await box("Second");
    const child = await box("Linked child", first);
    const answer = await link(child, second);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().parents.map((parent: { label: string }) => parent.label)).toEqual(["First", "Second"]);
    expect((await getContainer(tenant.admin, second)).childCount).toBe(1);

    // Removing from one parent is the trash area's route; the graph function it will call is tested here.
    const removed = await inTenant(t.db, tenant.id, (trx) => t.services.containers.within(trx).deleteEdge(first, child));
    expect(removed).toBe(true);
    const after = await getContainer(tenant.admin, child);
    expect(after.paths).toEqual([{ nodes: [{ uuid: second, label: "Second" }] }]);
    expect((await getContainer(tenant.admin, first)).childCount).toBe(0);
  });

  it("links to the top level too, when the type is allowed there", async () => {
    const parent = await box("Link parent");
    const child = await box("Link child", parent);
    expect((await link(child, "ROOT")).statusCode).toBe(200);
    const read = await getContainer(tenant.admin, child);
    expect(read.atRoot).toBe(true);
    expect(read.paths.map((path) => path.nodes.map((node) => node.label))).toEqual([["Link parent"], []]);
    const again = await link(child, "ROOT");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("'Link child' is already at the top level");
    const chapter = (await newContainer(tenant.admin, { label: "Chapter", type: "chapter" }, parent)).uuid;
    const refused = await link(chapter, "ROOT");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("A container of type 'Type chapter' cannot be linked to the top level");
  });

  it("refuses a link where the container is already, into itself, or below itself", async () => {
    const top = await box("Link top");
    const below = await box("Link below", top);
    const already = await link(below, top);
    expect(already.statusCode).toBe(409);
    expect(already.json().message).toBe("'Link below' is already in 'Link top'");
    const intoItself = await link(top, top);
    expect(intoItself.statusCode).toBe(409);
    expect(intoItself.json().message).toBe("'Link top' cannot be linked into itself or into a container inside it");
    expect((await link(top, below)).statusCode).toBe(409);
  });

  it("refuses a destination whose type does not accept the container", async () => {
    const shelf = (await newContainer(tenant.admin, { label: "Link shelf", type: "shelf", properties: [title("s")] })).uuid;
    const loose = await box("Link loose");
    const answer = await link(loose, shelf);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(
      "A container of type 'Type box' cannot be linked into 'Link shelf': type 'Type shelf' does not accept it",
    );
  });

  it("refuses a bad destination with 400", async () => {
    const child = await box("Bad destination");
    for (const to of ["", "nowhere", "123"]) {
      const answer = await link(child, to);
      expect(answer.statusCode, to).toBe(400);
      expect(answer.json().message).toBe("Invalid querystring: to must be a container uuid or ROOT");
    }
    const body = await tenant.admin.request("POST", `/api/containers/${child}/move`, { from: "ROOT" });
    expect(body.statusCode).toBe(400);
  });
});

describe("concurrent graph changes", () => {
  it("lets exactly one of two crossing moves (A into B, B into A) through", async () => {
    for (let round = 0; round < 5; round++) {
      const a = await box(`Cross A${round}`);
      const b = await box(`Cross B${round}`);
      const answers = await Promise.all([move(a, "ROOT", b), move(b, "ROOT", a)]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses, answers.map((answer) => answer.body).join("\n")).toEqual([200, 409]);
      const [pathsA, pathsB] = [await pathLabels(a), await pathLabels(b)];
      expect([pathsA, pathsB]).toContainEqual([[]]);
    }
  });
});
