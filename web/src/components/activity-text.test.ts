// Every activity sentence in every UI language: no key missing, every placeholder filled, names and counts kept as
// given. One sample entry per `what` of contracts' ActivityParams (the test fails when a new one has no sample).
import { type ActivityParams, ActivityParams as ActivityParamsSchema } from "@repox/contracts";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { el } from "../app/i18n/el.ts";
import { en } from "../app/i18n/en.ts";
import { es } from "../app/i18n/es.ts";
import { it as italian } from "../app/i18n/it.ts";
import { sr } from "../app/i18n/sr.ts";
import { activityText } from "./activity-text.ts";

const SAMPLES: readonly { params: ActivityParams; shows: readonly string[] }[] = [
  { params: { what: "created", parent: "Box Ω" }, shows: ["'Box Ω'"] },
  { params: { what: "created", parent: null }, shows: [] },
  { params: { what: "imported", parent: "Box Ω" }, shows: ["'Box Ω'"] },
  { params: { what: "imported", parent: null }, shows: [] },
  { params: { what: "uploaded", container: "Box Ω" }, shows: ["'Box Ω'"] },
  {
    params: { what: "updated", renamed: { from: "Draft", to: "Final" }, fields: ["Title", "Year"] },
    shows: ["'Draft'", "'Final'", "Title, Year"],
  },
  { params: { what: "updated", renamed: null, fields: ["Title"] }, shows: ["Title"] },
  { params: { what: "renamed", from: "Draft", to: "Final" }, shows: ["'Draft'", "'Final'"] },
  { params: { what: "colorSet", color: "#ff0000" }, shows: ["#ff0000"] },
  { params: { what: "colorRemoved" }, shows: [] },
  { params: { what: "moved", from: null, to: "Box Ω" }, shows: ["'Box Ω'"] },
  { params: { what: "linked", to: "Box Ω" }, shows: ["'Box Ω'"] },
  { params: { what: "linked", to: null }, shows: [] },
  { params: { what: "published" }, shows: [] },
  { params: { what: "unpublished" }, shows: [] },
  { params: { what: "exported", format: "ZIP", metadata: true, archive: { folders: 3, files: 17 } }, shows: ["ZIP", "3", "17"] },
  { params: { what: "exported", format: "TAR.GZ", metadata: false, archive: null }, shows: ["TAR.GZ"] },
  { params: { what: "removed", from: "Box Ω" }, shows: ["'Box Ω'"] },
  { params: { what: "trashed" }, shows: [] },
  { params: { what: "containerTrashed", from: null, containers: 0, datastreams: 0 }, shows: [] },
  { params: { what: "containerTrashed", from: "Box Ω", containers: 2, datastreams: 5 }, shows: ["'Box Ω'", "2", "5"] },
  { params: { what: "containerTrashed", from: "Box Ω", containers: 1, datastreams: 0 }, shows: ["'Box Ω'", "1"] },
  { params: { what: "restored", to: "Box Ω" }, shows: ["'Box Ω'"] },
  { params: { what: "restored", to: null }, shows: [] },
  { params: { what: "deleted", label: "Old" }, shows: ["'Old'"] },
  { params: { what: "tagged", tag: "Ceramics" }, shows: ["'Ceramics'"] },
  { params: { what: "untagged", tag: "Ceramics" }, shows: ["'Ceramics'"] },
  { params: { what: "starred" }, shows: [] },
  { params: { what: "unstarred" }, shows: [] },
  { params: { what: "descriptionChanged" }, shows: [] },
  { params: { what: "fileReplaced" }, shows: [] },
  { params: { what: "websiteCreated", name: "Site" }, shows: ["'Site'"] },
  { params: { what: "storyAssigned", title: "Tale" }, shows: ["'Tale'"] },
  { params: { what: "storyUnassigned", title: "Tale" }, shows: ["'Tale'"] },
  { params: { what: "storyUnassigned", title: null }, shows: [] },
  { params: { what: "screenCreated", name: "Lobby" }, shows: ["'Lobby'"] },
  { params: { what: "paired" }, shows: [] },
  { params: { what: "unpaired" }, shows: [] },
  { params: { what: "storyPushed", title: "Tale" }, shows: ["'Tale'"] },
  { params: { what: "storyRemoved" }, shows: [] },
  { params: { what: "guideCreated", title: "Tour" }, shows: ["'Tour'"] },
  { params: { what: "guideUpdated" }, shows: [] },
  { params: { what: "guidePublished" }, shows: [] },
  { params: { what: "guideUnpublished" }, shows: [] },
  { params: { what: "guideDeleted" }, shows: [] },
  { params: { what: "surveyCreated", label: "Visitors" }, shows: ["'Visitors'"] },
  { params: { what: "surveyChanged", field: "name", from: "A", to: "B" }, shows: ["'A'", "'B'"] },
  { params: { what: "surveyChanged", field: "description", from: null, to: null }, shows: [] },
  { params: { what: "surveyChanged", field: "surveyType", from: "ANONYMOUS", to: "SIGNED_URL" }, shows: [] },
  { params: { what: "surveyChanged", field: "openAt", from: null, to: "2099-05-01T10:00:00" }, shows: ["2099-05-01 10:00:00 UTC"] },
  { params: { what: "surveyChanged", field: "closeAt", from: "2099-05-01T10:00:00", to: null }, shows: ["2099-05-01 10:00:00 UTC"] },
  { params: { what: "surveyChanged", field: "lockedMessage", from: null, to: null }, shows: [] },
  { params: { what: "surveyChanged", field: "submissionMessage", from: null, to: null }, shows: [] },
  { params: { what: "surveyChanged", field: "questions", from: null, to: null }, shows: [] },
  { params: { what: "locked" }, shows: [] },
  { params: { what: "unlocked" }, shows: [] },
  { params: { what: "responseDeleted" }, shows: [] },
  { params: { what: "responsesDeleted", count: 1 }, shows: ["1"] },
  { params: { what: "responsesDeleted", count: 4 }, shows: ["4"] },
  { params: { what: "shared", count: 1 }, shows: ["1"] },
  { params: { what: "shared", count: 21 }, shows: ["21"] },
];

const LANGUAGES = { en, el, it: italian, sr, es };

async function translatorOf(language: string) {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(Object.entries(LANGUAGES).map(([code, translation]) => [code, { translation }]));
  await instance.init({ lng: language, resources, interpolation: { escapeValue: false } });
  // No fallback here: a text missing in this language must show, not English's.
  instance.options.fallbackLng = false;
  return instance.t;
}

describe("activity sentences", () => {
  it("has a sample of every kind of entry", () => {
    const kinds = ActivityParamsSchema.options.map((option) => option.shape.what.value);
    expect(new Set(SAMPLES.map((sample) => sample.params.what))).toEqual(new Set(kinds));
  });

  describe.each(Object.keys(LANGUAGES))("in %s", (language) => {
    it.each(SAMPLES.map((sample) => [`${sample.params.what} ${JSON.stringify(sample.params)}`, sample] as const))(
      "renders %s whole",
      async (_name, { params, shows }) => {
        const t = await translatorOf(language);
        const text = activityText({ description: "stored", params }, t);
        expect(text).not.toMatch(/activity\.|\{\{|\}\}|\bundefined\b|\bnull\b/);
        expect(text.length).toBeGreaterThan(3);
        for (const part of shows) expect(text).toContain(part);
      },
    );
  });

  it("puts a survey type and a missing date in the reader's words", async () => {
    const t = await translatorOf("es");
    const params = { what: "surveyChanged", field: "surveyType", from: "ANONYMOUS", to: "SIGNED_URL" } as const;
    expect(activityText({ description: "", params }, t)).toBe("Cambió el tipo de encuesta de Anónima a Enlace firmado");
    const date = { what: "surveyChanged", field: "openAt", from: null, to: "2099-05-01T10:00:00" } as const;
    expect(activityText({ description: "", params: date }, t)).toBe("Cambió la fecha de apertura de ninguna a 2099-05-01 10:00:00 UTC");
  });

  it("uses each language's plural forms", async () => {
    const sr = await translatorOf("sr");
    const shared = (count: number) => activityText({ description: "", params: { what: "shared", count } }, sr);
    expect([shared(1), shared(3), shared(5)]).toEqual(["Podeljeno sa 1 primaocem", "Podeljeno sa 3 primaoca", "Podeljeno sa 5 primalaca"]);
  });

  it("shows an entry without params as the server stored it", async () => {
    const t = await translatorOf("el");
    expect(activityText({ description: "Renamed from 'A' to 'B'", params: null }, t)).toBe("Renamed from 'A' to 'B'");
  });

  it("translates the sentences: no language repeats English's", async () => {
    const english = await translatorOf("en");
    for (const language of ["el", "it", "sr", "es"]) {
      const t = await translatorOf(language);
      const same = SAMPLES.filter(
        ({ params }) => activityText({ description: "", params }, t) === activityText({ description: "", params }, english),
      );
      expect(
        same.map(({ params }) => params.what),
        language,
      ).toEqual([]);
    }
  });
});
