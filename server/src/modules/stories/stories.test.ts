import { ELEMENT_TYPES, newElement, newSlide, PERMISSIONS, STORY_LIMITS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { newStory, newStoryTag, STORIES, STORY_TAGS, storyBody, storyDetails, updateBody } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  other = await t.newTenant();
});
afterAll(() => t.close());

type Details = ReturnType<typeof storyDetails>;
type Loose = Record<string, unknown>;

/** Four slides; the fourth holds one element of every type (TEXT, TITLE, IMAGE, YOUTUBE, VIMEO). */
function fourSlides(): Details {
  const details = storyDetails(4);
  const fourth = details.screen.slides[3];
  if (fourth) fourth.elements = ELEMENT_TYPES.map((type, index) => newElement(type, `e${index}`, { x: 10, y: 10 }));
  return details;
}

function part(details: Details, slide: number, element?: number, field?: "data" | "animation" | "background"): Loose {
  const s = details.screen.slides[slide] as Loose & { elements: Loose[] };
  const target = element === undefined ? s : (s.elements[element] as Loose);
  return (field ? target[field] : target) as Loose;
}

describe("story CRUD", () => {
  it("creates a story, answering its uuid, on the canvas of its ratio and orientation whatever the body says", async () => {
    const formats = [
      ["16:9", "LANDSCAPE", 2560, 1440],
      ["4:3", "LANDSCAPE", 2560, 1920],
      ["16:9", "PORTRAIT", 1440, 2560],
      ["4:3", "PORTRAIT", 1920, 2560],
    ] as const;
    for (const [aspectRatio, orientation, width, height] of formats) {
      const created = await tenant.admin.request(
        "POST",
        STORIES,
        storyBody({ aspectRatio, orientation, storyDetails: { screen: { width: 10, height: 20, slides: [] } } }),
      );
      expect(created.statusCode).toBe(201);
      expect(Object.keys(created.json())).toEqual(["uuid"]);
      const story = (await tenant.admin.request("GET", `${STORIES}/${created.json().uuid}`)).json();
      expect(story).toMatchObject({ aspectRatio, orientation, width, height, storyType: "SLIDESHOW", isTemplate: false, coverPage: null });
      expect(story.storyDetails.screen).toMatchObject({ width, height, slides: [] });
      expect(story.storyDetails.uuid).toBe(story.id);
      expect(story.uuid).toBe(story.id);
    }
  });

  it("updates a story with its tags, keeps the server's canvas, and reads it back unchanged", async () => {
    const id = await newStory(tenant.admin);
    const place = await newStoryTag(tenant.admin, "place", "Naxos");
    const season = await newStoryTag(tenant.admin, "season", "Summer", "#ff9900");
    const details = storyDetails(2);
    const body = updateBody({
      id,
      title: "Naxos",
      orientation: "PORTRAIT",
      tags: [season, place, season],
      storyDetails: details,
      isTemplate: true,
    });
    const updated = await tenant.admin.request("PUT", `${STORIES}/${id}`, body);
    expect(updated.statusCode).toBe(200);
    const story = updated.json();
    expect(story).toMatchObject({ title: "Naxos", orientation: "PORTRAIT", width: 1440, height: 2560, isTemplate: true, slideCount: 2 });
    expect(story.tags).toEqual([
      { id: place, name: "Naxos", scope: "place", color: "#336699" },
      { id: season, name: "Summer", scope: "season", color: "#ff9900" },
    ]);
    expect(story.storyDetails.screen.slides).toEqual(details.screen.slides);
    expect((await tenant.admin.request("GET", `${STORIES}/${id}`)).json()).toEqual(story);
    expect((await tenant.admin.request("GET", `${STORIES}/${id}/tags`)).json()).toEqual(story.tags);

    const untagged = await tenant.admin.request("PUT", `${STORIES}/${id}`, updateBody({ tags: [] }));
    expect(untagged.json().tags).toEqual([]);
  });

  it("refuses an id that is not the path's, unknown tags and unknown stories", async () => {
    const id = await newStory(tenant.admin);
    const tag = await newStoryTag(tenant.admin, "kind", "Refused");
    const mismatch = await tenant.admin.request("PUT", `${STORIES}/${id}`, updateBody({ id: crypto.randomUUID() }));
    expect([mismatch.statusCode, mismatch.json().message]).toEqual([400, "id in the body does not match the path"]);
    const unknownTag = await tenant.admin.request("PUT", `${STORIES}/${id}`, updateBody({ tags: [tag, 999_999] }));
    expect([unknownTag.statusCode, unknownTag.json().message]).toEqual([400, "Invalid body: tags[1] names no story tag (999999)"]);
    const missing = crypto.randomUUID();
    for (const [method, url, body] of [
      ["GET", `${STORIES}/${missing}`, undefined],
      ["PUT", `${STORIES}/${missing}`, updateBody()],
      ["DELETE", `${STORIES}/${missing}`, undefined],
      ["GET", `${STORIES}/${missing}/tags`, undefined],
    ] as const) {
      const answer = await tenant.admin.request(method, url, body);
      expect([answer.statusCode, answer.json().message], `${method} ${url}`).toEqual([404, `Story ${missing} not found`]);
    }
    expect((await tenant.admin.request("GET", `${STORIES}/not-a-uuid`)).statusCode).toBe(400);
  });

  it("deletes a story for good", async () => {
    const id = await newStory(tenant.admin);
    const tag = await newStoryTag(tenant.admin, "kind", "Deleted");
    await tenant.admin.request("PUT", `${STORIES}/${id}`, updateBody({ tags: [tag] }));
    const deleted = await tenant.admin.request("DELETE", `${STORIES}/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await tenant.admin.request("GET", `${STORIES}/${id}`)).statusCode).toBe(404);
    expect((await tenant.admin.request("DELETE", `${STORIES}/${id}`)).statusCode).toBe(404);
    // The tag stays for other stories.
    expect((await tenant.admin.request("GET", `${STORY_TAGS}?q=deleted`)).json().totalElements).toBe(1);
  });
});

describe("storyDetails validation", () => {
  const at = "storyDetails.screen.slides[3].elements";
  const cases: [string, (details: Details) => void, string][] = [
    ["image too narrow", (d) => Object.assign(part(d, 3, 2), { width: 99 }), `${at}[2].width must be at least 100 for an IMAGE element`],
    ["image too low", (d) => Object.assign(part(d, 3, 2), { height: 99 }), `${at}[2].height must be at least 100 for an IMAGE element`],
    [
      "YouTube too narrow",
      (d) => Object.assign(part(d, 3, 3), { width: 649 }),
      `${at}[3].width must be at least 650 for a YOUTUBE element`,
    ],
    ["YouTube too low", (d) => Object.assign(part(d, 3, 3), { height: 349 }), `${at}[3].height must be at least 350 for a YOUTUBE element`],
    ["text too narrow", (d) => Object.assign(part(d, 3, 0), { width: 79 }), `${at}[0].width must be at least 80 for a TEXT element`],
    ["title too low", (d) => Object.assign(part(d, 3, 1), { height: 39 }), `${at}[1].height must be at least 40 for a TITLE element`],
    ["Vimeo too narrow", (d) => Object.assign(part(d, 3, 4), { width: 79 }), `${at}[4].width must be at least 80 for a VIMEO element`],
    ["rotation off the 45° steps", (d) => Object.assign(part(d, 3, 0), { rotation: 50 }), `${at}[0].rotation must be a multiple of 45`],
    ["rotation past 315", (d) => Object.assign(part(d, 3, 0), { rotation: 360 }), `${at}[0].rotation must be at most 315`],
    ["rotation past -315", (d) => Object.assign(part(d, 3, 0), { rotation: -360 }), `${at}[0].rotation must be at least -315`],
    [
      "enter animation outside the fadeIn family",
      (d) => Object.assign(part(d, 3, 0, "animation"), { enterAnimation: "bounceIn" }),
      `${at}[0].animation.enterAnimation must be one of fadeIn, fadeInDown, fadeInDownBig, fadeInLeft, fadeInLeftBig, fadeInRight, fadeInRightBig, fadeInUp, fadeInUpBig`,
    ],
    [
      "leave animation outside the fadeOut family",
      (d) => Object.assign(part(d, 3, 0, "animation"), { leaveAnimation: "zoomOut" }),
      `${at}[0].animation.leaveAnimation must be one of fadeOut, fadeOutDown, fadeOutDownBig, fadeOutLeft, fadeOutLeftBig, fadeOutRight, fadeOutRightBig, fadeOutUp, fadeOutUpBig`,
    ],
    [
      "slide animation outside the family",
      (d) => Object.assign(part(d, 1, undefined, "animation"), { enterAnimation: "fadeOut" }),
      "storyDetails.screen.slides[1].animation.enterAnimation must be one of fadeIn, fadeInDown, fadeInDownBig, fadeInLeft, fadeInLeftBig, fadeInRight, fadeInRightBig, fadeInUp, fadeInUpBig",
    ],
    [
      "a font not in the list",
      (d) => Object.assign(part(d, 3, 1, "data"), { fontFamily: "Arial" }),
      `${at}[1].data.fontFamily must be one of GFS Didot, GFS Neohellenic, Oi, Open Sans, Roboto, Roboto Mono, Source Sans Pro, Ubuntu`,
    ],
    [
      "a colour that is not hex",
      (d) => Object.assign(part(d, 3, 0, "data"), { color: "red" }),
      `${at}[0].data.color must be a hex colour such as #1a2b3c`,
    ],
    [
      "a background colour that is not hex",
      (d) => Object.assign(part(d, 2, undefined, "background"), { color: "#ggg" }),
      "storyDetails.screen.slides[2].background.color must be a hex colour such as #1a2b3c",
    ],
    [
      "an unknown element type",
      (d) => Object.assign(part(d, 3, 4), { type: "GALLERY" }),
      `${at}[4].type must be one of TEXT, TITLE, IMAGE, YOUTUBE, VIMEO`,
    ],
    [
      "a YouTube id the url does not name",
      (d) => Object.assign(part(d, 3, 3, "data"), { id: "AAAAAAAAAAA" }),
      `${at}[3].data.id must be the id the url names (aqz-KE-bpKQ)`,
    ],
    [
      "a YouTube url elsewhere",
      (d) => Object.assign(part(d, 3, 3, "data"), { url: "https://example.org/watch?v=aqz-KE-bpKQ" }),
      `${at}[3].data.url must be a YouTube video link`,
    ],
    [
      "a Vimeo url elsewhere",
      (d) => Object.assign(part(d, 3, 4, "data"), { url: "https://example.org/1084537" }),
      `${at}[4].data.url must be a Vimeo video link`,
    ],
    [
      "a text weight off the scale",
      (d) => Object.assign(part(d, 3, 0, "data"), { fontWeight: 250 }),
      `${at}[0].data.fontWeight must be one of 100, 200, 300, 400, 500, 600, 700, 800, 900`,
    ],
    [
      "a slide shorter than its editor duration",
      (d) => Object.assign(part(d, 0), { duration: 4000 }),
      "storyDetails.screen.slides[0].duration must be at least the slide's editor duration (5000 ms)",
    ],
    [
      "two slides with one id",
      (d) => Object.assign(part(d, 2), { id: "slide-1" }),
      "storyDetails.screen.slides[2].id 'slide-1' is used by another slide",
    ],
    ["a position that is not a number", (d) => Object.assign(part(d, 3, 0), { x: "10px" }), `${at}[0].x must be a number`],
  ];

  it.each(cases)("refuses %s with 400 naming the field's path, on create and on update", async (_name, change, message) => {
    const details = fourSlides();
    change(details);
    const created = await tenant.admin.request("POST", STORIES, storyBody({ storyDetails: details }));
    expect([created.statusCode, created.json().message]).toEqual([400, `Invalid body: ${message}`]);
  });

  it("names the path on update too, and leaves the story as it was", async () => {
    const id = await newStory(tenant.admin, { title: "Unchanged" });
    const details = fourSlides();
    Object.assign(part(details, 3, 2), { width: 50 });
    const answer = await tenant.admin.request("PUT", `${STORIES}/${id}`, updateBody({ title: "Changed", storyDetails: details }));
    expect([answer.statusCode, answer.json().message]).toEqual([
      400,
      `Invalid body: ${at}[2].width must be at least 100 for an IMAGE element`,
    ]);
    expect((await tenant.admin.request("GET", `${STORIES}/${id}`)).json().title).toBe("Unchanged");
  });

  it("bounds slides, elements a slide and the size of the JSON", async () => {
    const many = { screen: { slides: Array.from({ length: STORY_LIMITS.slidesMax + 1 }, (_, i) => newSlide(`s${i}`, i + 1)) } };
    const tooManySlides = await tenant.admin.request("POST", STORIES, storyBody({ storyDetails: many }));
    expect([tooManySlides.statusCode, tooManySlides.json().message]).toEqual([
      400,
      "Invalid body: storyDetails.screen.slides must hold at most 500 slides",
    ]);

    const crowded = newSlide("s", 1);
    crowded.elements = Array.from({ length: STORY_LIMITS.elementsPerSlideMax + 1 }, (_, i) => newElement("TEXT", `e${i}`));
    const tooManyElements = await tenant.admin.request("POST", STORIES, storyBody({ storyDetails: { screen: { slides: [crowded] } } }));
    expect([tooManyElements.statusCode, tooManyElements.json().message]).toEqual([
      400,
      "Invalid body: storyDetails.screen.slides[0].elements must hold at most 200 elements",
    ]);

    // Just over 5 MB of details in a body the route still reads: refused by the schema, with the field named.
    const heavy = (count: number) => {
      const slides = Array.from({ length: count }, (_, i) => {
        const slide = newSlide(`s${i}`, i + 1);
        const text = newElement("TEXT", "t");
        if (text.type === "TEXT") text.data.text = "x".repeat(STORY_LIMITS.textMaxLength);
        slide.elements = [text];
        return slide;
      });
      return { screen: { slides } };
    };
    const perSlide = JSON.stringify(heavy(2)).length - JSON.stringify(heavy(1)).length;
    const count = Math.ceil((STORY_LIMITS.detailsMaxBytes + 8 * 1024 - JSON.stringify(heavy(0)).length) / perSlide);
    const overFive = JSON.stringify(storyBody({ storyDetails: heavy(count) }));
    expect(overFive.length).toBeLessThan(STORY_LIMITS.bodyMaxBytes);
    const tooLarge = await tenant.admin.request("POST", STORIES, overFive, { "content-type": "application/json" });
    expect([tooLarge.statusCode, tooLarge.json().message]).toEqual([400, "Invalid body: storyDetails must be at most 5 MB of JSON"]);
    // A body past the route's limit is not read at all.
    const huge = JSON.stringify(storyBody({ storyDetails: heavy(count + 10) }));
    const refused = await tenant.admin.request("POST", STORIES, huge, { "content-type": "application/json" });
    expect([refused.statusCode, refused.json().message]).toEqual([413, "The request body is too large"]);
  });

  it("refuses other story types, missing fields and malformed JSON", async () => {
    const timeline = await tenant.admin.request("POST", STORIES, storyBody({ storyType: "TIMELINE" as never }));
    expect(timeline.json().message).toBe("Invalid body: storyType must be SLIDESHOW: other story types cannot be made");
    const untitled = await tenant.admin.request("POST", STORIES, storyBody({ title: "  " }));
    expect(untitled.json().message).toBe("Invalid body: title is required");
    const ratio = await tenant.admin.request("POST", STORIES, storyBody({ aspectRatio: "21:9" as never }));
    expect(ratio.json().message).toBe("Invalid body: aspectRatio must be one of 16:9, 4:3");
    const malformed = await tenant.admin.request("POST", STORIES, "{not json", { "content-type": "application/json" });
    expect([malformed.statusCode, malformed.json().message]).toEqual([400, "The request body is not valid JSON"]);
  });
});

describe("story list", () => {
  it("pages, sorts by title or update time (default title, descending) and searches title, description and tags", async () => {
    const isolated = await t.newTenant();
    const beta = await newStory(isolated.admin, { title: "beta", description: "Un café à Paris" });
    const alpha = await newStory(isolated.admin, { title: "Alpha", description: "Mountains" });
    const gamma = await newStory(isolated.admin, { title: "gamma", description: "Rivers" });
    const music = await newStoryTag(isolated.admin, "genre", "Música");
    await isolated.admin.request("PUT", `${STORIES}/${gamma}`, updateBody({ title: "gamma", description: "Rivers", tags: [music] }));
    await isolated.admin.request("PUT", `${STORIES}/${alpha}`, updateBody({ title: "Alpha", description: "Mountains" }));

    const titles = async (query: string) =>
      ((await isolated.admin.request("GET", `${STORIES}${query}`)).json().content as { title: string }[]).map((story) => story.title);
    expect(await titles("")).toEqual(["gamma", "beta", "Alpha"]);
    expect(await titles("?sort=title,ASC")).toEqual(["Alpha", "beta", "gamma"]);
    expect(await titles("?sort=updatedAt,DESC")).toEqual(["Alpha", "gamma", "beta"]);
    expect(await titles("?sort=updatedAt,ASC")).toEqual(["beta", "gamma", "Alpha"]);
    expect(await titles("?q=CAFE%20a")).toEqual(["beta"]);
    expect(await titles("?q=musica")).toEqual(["gamma"]);
    expect(await titles("?q=genre:m")).toEqual(["gamma"]);
    expect(await titles("?q=ALPH")).toEqual(["Alpha"]);
    expect(await titles("?q=100%25")).toEqual([]);

    const page = (await isolated.admin.request("GET", `${STORIES}?size=2&page=1&sort=title,ASC`)).json();
    expect(page).toMatchObject({
      number: 1,
      size: 2,
      totalElements: 3,
      totalPages: 2,
      first: false,
      last: true,
      empty: false,
      numberOfElements: 1,
      pageable: { pageNumber: 1, pageSize: 2 },
    });
    expect(page.content).toHaveLength(1);
    expect(page.content[0]).toMatchObject({
      id: gamma,
      uuid: gamma,
      title: "gamma",
      slideCount: 2,
      tags: [{ id: music, name: "Música", scope: "genre" }],
    });
    expect(page.content[0].storyDetails).toBeUndefined();
    expect(page.content[0].updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const bad = await isolated.admin.request("GET", `${STORIES}?sort=createdAt,DESC`);
    expect([bad.statusCode, bad.json().message]).toEqual([
      400,
      "Invalid querystring: sort must be one of title,DESC, title,ASC, updatedAt,DESC, updatedAt,ASC",
    ]);
    expect(beta).toBeTruthy();
  });
});

describe("story tags", () => {
  it("creates tags, unique per scope and name in any case, and finds them by 'scope:name'", async () => {
    const isolated = await t.newTenant();
    const created = await isolated.admin.request("POST", STORY_TAGS, { scope: "place", name: "Crète", color: "#00AA00" });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), name: "Crète", scope: "place", color: "#00AA00" });
    const again = await isolated.admin.request("POST", STORY_TAGS, { scope: "PLACE", name: "crète", color: "#000000" });
    expect([again.statusCode, again.json().message]).toEqual([409, "The story tag 'PLACE:crète' already exists"]);
    await newStoryTag(isolated.admin, "season", "Crete in winter");
    await newStoryTag(isolated.admin, "place", "Rhodes");
    const found = async (q: string) =>
      (
        (await isolated.admin.request("GET", `${STORY_TAGS}?q=${encodeURIComponent(q)}`)).json().content as {
          scope: string;
          name: string;
        }[]
      ).map((tag) => `${tag.scope}:${tag.name}`);
    expect(await found("crete")).toEqual(["place:Crète", "season:Crete in winter"]);
    expect(await found("place:")).toEqual(["place:Crète", "place:Rhodes"]);
    expect(await found("")).toEqual(["place:Crète", "place:Rhodes", "season:Crete in winter"]);
    const colour = await isolated.admin.request("POST", STORY_TAGS, { scope: "x", name: "y", color: "green" });
    expect([colour.statusCode, colour.json().message]).toEqual([400, "Invalid body: color must be a hex colour such as #1a2b3c"]);
    const colon = await isolated.admin.request("POST", STORY_TAGS, { scope: "a:b", name: "y" });
    expect(colon.json().message).toBe("Invalid body: scope must not contain ':' (a tag is shown as scope:name)");
  });
});

describe("API document", () => {
  it("lists every story route in the OpenAPI document", async () => {
    const answer = await tenant.anonymous.request("GET", "/api/openapi.json");
    expect(answer.statusCode).toBe(200);
    const paths = answer.json().paths;
    expect(Object.keys(paths[STORIES])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(Object.keys(paths[`${STORIES}/{id}`])).toEqual(expect.arrayContaining(["get", "put", "delete"]));
    expect(paths[`${STORIES}/{id}/tags`].get).toBeTruthy();
    expect(Object.keys(paths[STORY_TAGS])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(Object.keys(paths["/api/slide_templates"])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(paths["/api/slide_templates/{id}"].delete).toBeTruthy();
  });
});

describe("permissions", () => {
  it("needs repox.stories.show to read and repox.stories.edit to write", async () => {
    const id = await newStory(tenant.admin);
    const tag = await newStoryTag(tenant.admin, "perm", "Tag");
    const nobody = await tenant.newUser({ permissions: [] });
    const reader = await tenant.newUser({ permissions: [PERMISSIONS.storiesShow] });
    const writerOnly = await tenant.newUser({ permissions: [PERMISSIONS.storiesEdit] });
    const author = await tenant.newUser({ permissions: [PERMISSIONS.storiesShow, PERMISSIONS.storiesEdit] });
    const reads = [`${STORIES}`, `${STORIES}/${id}`, `${STORIES}/${id}/tags`, STORY_TAGS, "/api/slide_templates"];
    const writes: [method: "POST" | "PUT" | "DELETE", url: string, body: unknown][] = [
      ["POST", STORIES, storyBody()],
      ["PUT", `${STORIES}/${id}`, updateBody({ tags: [tag] })],
      ["POST", STORY_TAGS, { scope: "perm", name: "Other" }],
      ["POST", "/api/slide_templates", { title: "T", aspectRatio: "16:9", orientation: "LANDSCAPE", slideDetails: { name: "S" } }],
      ["DELETE", `/api/slide_templates/${crypto.randomUUID()}`, undefined],
      ["DELETE", `${STORIES}/${id}`, undefined],
    ];
    for (const url of reads) {
      for (const caller of [nobody, writerOnly]) {
        const answer = await caller.request("GET", url);
        expect([answer.statusCode, answer.json().message], url).toEqual([
          403,
          "You do not have permission to do this (requires repox.stories.show)",
        ]);
      }
      expect((await reader.request("GET", url)).statusCode, url).toBe(200);
      expect((await tenant.anonymous.request("GET", url)).statusCode, url).toBe(401);
    }
    for (const [method, url, body] of writes) {
      for (const caller of [nobody, reader]) {
        const answer = await caller.request(method, url, body);
        expect([answer.statusCode, answer.json().message], `${method} ${url}`).toEqual([
          403,
          "You do not have permission to do this (requires repox.stories.edit)",
        ]);
      }
    }
    expect((await author.request("PUT", `${STORIES}/${id}`, updateBody({ tags: [tag] }))).statusCode).toBe(200);
    expect((await author.request("DELETE", `${STORIES}/${id}`)).statusCode).toBe(204);
  });
});

describe("across tenants", () => {
  it("a story, its tags and a token of one tenant are unknown at another", async () => {
    const id = await newStory(tenant.admin, { title: "Tenant A only" });
    const tag = await newStoryTag(tenant.admin, "tenant", "A");
    for (const [method, url, body] of [
      ["GET", `${STORIES}/${id}`, undefined],
      ["PUT", `${STORIES}/${id}`, updateBody()],
      ["DELETE", `${STORIES}/${id}`, undefined],
      ["GET", `${STORIES}/${id}/tags`, undefined],
    ] as const) {
      const answer = await other.admin.request(method, url, body);
      expect([answer.statusCode, answer.json().message], `${method} ${url}`).toEqual([404, `Story ${id} not found`]);
    }
    const list = (await other.admin.request("GET", `${STORIES}?q=Tenant%20A`)).json();
    expect(list.totalElements).toBe(0);
    expect((await other.admin.request("GET", `${STORY_TAGS}?q=tenant:a`)).json().totalElements).toBe(0);
    // Tenant A's tag id names nothing at B.
    const own = await newStory(other.admin);
    const foreignTag = await other.admin.request("PUT", `${STORIES}/${own}`, updateBody({ tags: [tag] }));
    expect([foreignTag.statusCode, foreignTag.json().message]).toEqual([400, `Invalid body: tags[0] names no story tag (${tag})`]);
    // A's token at B.
    const crossToken = await other.as(tenant.admin.token).request("GET", `${STORIES}/${id}`);
    expect(crossToken.statusCode).toBe(401);
    expect((await tenant.admin.request("GET", `${STORIES}/${id}`)).statusCode).toBe(200);
  });
});
