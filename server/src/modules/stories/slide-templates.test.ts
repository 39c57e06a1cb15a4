import { ASPECT_RATIOS, canvasSize, newElement, newSlide, ORIENTATIONS, PERMISSIONS, SlideDetails } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { SLIDE_TEMPLATES, slideDetailsOf, templateBody } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  other = await t.newTenant();
});
afterAll(() => t.close());

type TemplateAnswer = {
  id: string;
  uuid: string;
  title: string;
  aspectRatio: string;
  orientation: string;
  isDefault: boolean;
  createdBy: string | null;
  slideDetails: { elements: { type: string; x: number; y: number; width: number; height: number }[] };
};

async function templates(caller: TestTenant["admin"], query: string) {
  const answer = await caller.request("GET", `${SLIDE_TEMPLATES}${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { content: TemplateAnswer[]; totalElements: number };
}

function savedSlide() {
  const slide = newSlide("s", 1);
  slide.elements = [newElement("TITLE", "t", { x: 100, y: 100 }), newElement("YOUTUBE", "v", { x: 100, y: 300 })];
  return slideDetailsOf(slide);
}

describe("default slide templates", () => {
  it("six for every ratio and orientation, valid under the schema and laid out inside their canvas", async () => {
    const expected = ["Title", "Title and text", "Full-bleed image", "Image and caption", "Two images", "Quote"];
    const seen = new Set<string>();
    for (const aspectRatio of ASPECT_RATIOS) {
      for (const orientation of ORIENTATIONS) {
        const page = await templates(tenant.admin, `?aspectRatio=${aspectRatio}&orientation=${orientation}&kind=DEFAULT`);
        expect(page.content.map((template) => template.title)).toEqual(expected);
        const canvas = canvasSize(aspectRatio, orientation);
        for (const template of page.content) {
          expect(template).toMatchObject({ aspectRatio, orientation, isDefault: true, createdBy: null, uuid: template.id });
          expect(SlideDetails.safeParse(template.slideDetails).error?.issues ?? []).toEqual([]);
          for (const element of template.slideDetails.elements) {
            expect(element.x).toBeGreaterThanOrEqual(0);
            expect(element.y).toBeGreaterThanOrEqual(0);
            expect(element.x + element.width, `${template.title} ${aspectRatio} ${orientation}`).toBeLessThanOrEqual(canvas.width);
            expect(element.y + element.height, `${template.title} ${aspectRatio} ${orientation}`).toBeLessThanOrEqual(canvas.height);
          }
          seen.add(template.id);
        }
        const kinds = page.content.map((template) => template.slideDetails.elements.map((element) => element.type).join("+"));
        expect(kinds).toEqual(["TITLE", "TITLE+TEXT", "IMAGE", "IMAGE+TEXT", "IMAGE+IMAGE", "TEXT+TEXT"]);
      }
    }
    expect(seen.size).toBe(24);
    // The same ids at every tenant and on every call.
    const again = await templates(other.admin, "?aspectRatio=16:9&orientation=LANDSCAPE");
    const first = await templates(tenant.admin, "?aspectRatio=16:9&orientation=LANDSCAPE&kind=DEFAULT");
    expect(again.content.slice(0, 6).map((template) => template.id)).toEqual(first.content.map((template) => template.id));
    expect((await templates(tenant.admin, "?kind=DEFAULT")).totalElements).toBe(24);
  });

  it("cannot be deleted", async () => {
    const [template] = (await templates(tenant.admin, "?aspectRatio=4:3&orientation=PORTRAIT")).content;
    const answer = await tenant.admin.request("DELETE", `${SLIDE_TEMPLATES}/${template?.id}`);
    expect([answer.statusCode, answer.json().message]).toEqual([403, "Default slide templates cannot be deleted"]);
  });
});

describe("saved slide templates", () => {
  it("saves a slide as a template every author sees after the defaults; only its author deletes it", async () => {
    const isolated = await t.newTenant();
    const author = await isolated.newUser({ permissions: [PERMISSIONS.storiesShow, PERMISSIONS.storiesEdit] });
    const colleague = await isolated.newUser({ permissions: [PERMISSIONS.storiesShow, PERMISSIONS.storiesEdit] });
    const saved = await author.request(
      "POST",
      SLIDE_TEMPLATES,
      templateBody(savedSlide(), { aspectRatio: "4:3", orientation: "PORTRAIT" }),
    );
    expect(saved.statusCode).toBe(201);
    const template = saved.json();
    expect(template).toMatchObject({
      title: "My layout",
      description: "Saved from a slide",
      aspectRatio: "4:3",
      orientation: "PORTRAIT",
      isDefault: false,
      createdBy: author.uuid,
      coverPage: null,
    });
    expect(template.slideDetails.elements.map((element: { id: string }) => element.id)).toEqual(["t", "v"]);
    await author.request("POST", SLIDE_TEMPLATES, templateBody(savedSlide(), { title: "Landscape one" }));

    const portrait = await templates(colleague, "?aspectRatio=4:3&orientation=PORTRAIT");
    expect(portrait.totalElements).toBe(7);
    expect(portrait.content.map((item) => item.isDefault)).toEqual([true, true, true, true, true, true, false]);
    expect(portrait.content[6]?.id).toBe(template.id);
    const savedTab = await templates(colleague, "?aspectRatio=4:3&orientation=PORTRAIT&kind=SAVED");
    expect(savedTab.content.map((item) => item.id)).toEqual([template.id]);
    // A page may end in the defaults and the next one start with the saved templates.
    const second = await templates(colleague, "?aspectRatio=4:3&orientation=PORTRAIT&size=4&page=1");
    expect(second.content.map((item) => item.title)).toEqual(["Two images", "Quote", "My layout"]);
    expect((await templates(colleague, "?kind=SAVED")).totalElements).toBe(2);

    const notYours = await colleague.request("DELETE", `${SLIDE_TEMPLATES}/${template.id}`);
    expect([notYours.statusCode, notYours.json().message]).toEqual([403, "Only the author of a saved slide template can delete it"]);
    expect((await author.request("DELETE", `${SLIDE_TEMPLATES}/${template.id}`)).statusCode).toBe(204);
    const gone = await author.request("DELETE", `${SLIDE_TEMPLATES}/${template.id}`);
    expect([gone.statusCode, gone.json().message]).toEqual([404, `Slide template ${template.id} not found`]);
    expect((await templates(colleague, "?aspectRatio=4:3&orientation=PORTRAIT&kind=SAVED")).content).toEqual([]);
  });

  it("refuses a bad slide with the field's path", async () => {
    const slide = savedSlide();
    const body = templateBody({ ...slide, elements: [{ ...newElement("YOUTUBE", "v"), width: 600 }] });
    const answer = await tenant.admin.request("POST", SLIDE_TEMPLATES, body);
    expect([answer.statusCode, answer.json().message]).toEqual([
      400,
      "Invalid body: slideDetails.elements[0].width must be at least 650 for a YOUTUBE element",
    ]);
    const noTitle = await tenant.admin.request("POST", SLIDE_TEMPLATES, templateBody(slide, { title: "" }));
    expect(noTitle.json().message).toBe("Invalid body: title is required");
    const badQuery = await tenant.admin.request("GET", `${SLIDE_TEMPLATES}?aspectRatio=1:1`);
    expect([badQuery.statusCode, badQuery.json().message]).toEqual([400, "Invalid querystring: aspectRatio must be one of 16:9, 4:3"]);
  });

  it("a template of one tenant is unknown at another", async () => {
    const saved = (await tenant.admin.request("POST", SLIDE_TEMPLATES, templateBody(savedSlide(), { title: "Tenant A layout" }))).json();
    const list = await templates(other.admin, "?kind=SAVED");
    expect(list.content.map((item) => item.id)).not.toContain(saved.id);
    const answer = await other.admin.request("DELETE", `${SLIDE_TEMPLATES}/${saved.id}`);
    expect([answer.statusCode, answer.json().message]).toEqual([404, `Slide template ${saved.id} not found`]);
    expect((await templates(tenant.admin, "?kind=SAVED")).content.map((item) => item.id)).toContain(saved.id);
  });
});
