// What the container-form spec does, step by step. The content model it needs is made through the API as the
// administrator: a record type with one property of each of the 15 types (two mandatory, one repeatable, one not
// editable, one language-aware with a qualifier) in two groups, a vocabulary with terms, a target type for
// references, and a type not allowed at the top level. Then every input is filled, and read back after a save.
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { apiCreator } from "./containers-model.ts";

const _TENANT = "demo";

export const RECORD_TYPE = { code: "cf-record", name: "CF Record" };
export const TARGET_TYPE = { code: "cf-target", name: "CF Target" };
export const NESTED_TYPE = { code: "cf-nested", name: "CF Nested only" };
export const TARGET_CONTAINER = "CF Target volume";
export const GROUPS = { identity: "CF Identity", details: "CF Details" };
export const TERMS = [
  { termId: "cf-bronze", label: "Bronze" },
  { termId: "cf-clay", label: "Clay" },
  { termId: "cf-oak", label: "Oak wood" },
];

type Group = keyof typeof GROUPS | null;
type PropertySpec = {
  key: string;
  name: string;
  type: string;
  group: Group;
  details?: object;
  qualifiers?: string[];
  mandatory?: boolean;
  repeatable?: boolean;
  editable?: boolean;
};

/** The record type's properties, one per property type. */
export const PROPERTIES = {
  title: { key: "cf-title", name: "CF Title", type: "text", group: "identity", mandatory: true, qualifiers: ["cf-language"] },
  status: {
    key: "cf-status",
    name: "CF Status",
    type: "enum",
    group: "identity",
    mandatory: true,
    details: { values: ["Draft", "Final"] },
  },
  digitised: { key: "cf-digitised", name: "CF Digitised", type: "boolean", group: "identity" },
  date: { key: "cf-date", name: "CF Date", type: "date", group: "identity" },
  time: { key: "cf-time", name: "CF Time", type: "time", group: "identity" },
  links: { key: "cf-links", name: "CF Links", type: "url", group: "identity", repeatable: true },
  ip: { key: "cf-ip", name: "CF Scanner IP", type: "ip-address-v4", group: "details" },
  pages: { key: "cf-pages", name: "CF Pages", type: "number", group: "details", editable: false },
  notes: { key: "cf-notes", name: "CF Notes", type: "text-area", group: "details" },
  metadata: { key: "cf-metadata", name: "CF Metadata", type: "json", group: "details" },
  summary: { key: "cf-summary", name: "CF Summary", type: "rich-text", group: "details" },
  colours: { key: "cf-colours", name: "CF Colours", type: "multi-select", group: "details", details: { values: ["Red", "Green", "Blue"] } },
  material: { key: "cf-material", name: "CF Material", type: "vocabulary-flat", group: "details" },
  related: { key: "cf-related", name: "CF Related", type: "reference", group: "details", details: { containerTypes: [TARGET_TYPE.code] } },
  place: { key: "cf-place", name: "CF Place", type: "spatial-map", group: null },
} satisfies Record<string, PropertySpec>;

export async function setUpContentModel(request: APIRequestContext) {
  const post = await apiCreator(request);

  const vocabulary = await post<{ uuid: string }>("/vocabularies", { name: "CF Materials" });
  for (const term of TERMS) await post(`/vocabularies/${vocabulary.uuid}/terms`, term);
  await post("/property_qualifiers", {
    qualifierKey: "cf-language",
    qualifierName: "Language",
    qualifierType: "enum",
    qualifierDetails: JSON.stringify({ values: ["en", "el"] }),
  });
  const groupIds = {
    identity: (await post<{ id: number }>("/property_groups", { name: GROUPS.identity })).id,
    details: (await post<{ id: number }>("/property_groups", { name: GROUPS.details })).id,
  };

  // Reference properties name the types they accept, so those come first.
  await post("/container_types", { container: { ...TARGET_TYPE, allowedAtRoot: true }, properties: [] });
  await post("/container_types", { container: { ...NESTED_TYPE, allowedAtRoot: false }, properties: [] });
  const specs: PropertySpec[] = Object.values(PROPERTIES);
  for (const spec of specs) {
    const details = spec.type === "vocabulary-flat" ? { vocabularyId: vocabulary.uuid } : (spec.details ?? {});
    await post("/properties", {
      propertyKey: spec.key,
      displayName: spec.name,
      propertyType: spec.type,
      propertyDetails: JSON.stringify(details),
      qualifiers: spec.qualifiers ?? [],
    });
  }

  await post("/container_types", {
    container: { ...RECORD_TYPE, layout: "RECORD", allowedAtRoot: true },
    properties: specs.map((spec, position) => ({
      propertyKey: spec.key,
      groupId: spec.group === null ? null : groupIds[spec.group],
      position,
      mandatory: spec.mandatory ?? false,
      editable: spec.editable ?? true,
      repeatable: spec.repeatable ?? false,
    })),
  });
  await post("/containers", { label: TARGET_CONTAINER, type: TARGET_TYPE.code, properties: [] });
}

/** Spec 1 §5 and §8, word for word. */
export const REQUIRED_MESSAGE = "There are required fields need to be filled in order to save";

export const VALUES = {
  title: "Letters of the harbour master",
  /** The title's language qualifier "el", as the picker names it on English screens. */
  titleLanguage: "Greek (el)",
  status: "Final",
  date: "2024-02-29",
  time: "13:45",
  links: ["https://example.org/letters", "https://example.org/archive"],
  ip: "192.168.0.1",
  pages: "412",
  notes: "Two lines\nof notes",
  metadata: '{"box": 7, "shelf": "B"}',
  colours: ["Red", "Blue"],
  material: "Oak wood",
  place: { placename: "Heraklion", longitude: "25.1442", latitude: "35.3387" },
};

const byName = (name: string) => ({ name, exact: true });

/** An option of the open list of the select named `list` (the page's tiles are options too). */
export const optionOf = (page: Page, list: string, option: string) =>
  page.getByRole("listbox", byName(list)).getByRole("option", byName(option));

/** Opens the select named `list` and picks `option` from its list. */
export async function choose(page: Page, list: string, option: string) {
  await page.getByRole("combobox", byName(list)).click();
  await optionOf(page, list, option).click();
}

/** The pills of a multi-select, as the user sees them. */
export function pillsOf(dialog: Locator, name: string): Locator {
  return dialog
    .getByRole("combobox", byName(name))
    .locator("xpath=ancestor::div[contains(@class, 'mantine-PillGroup-group')]//span[contains(@class, 'mantine-Pill-label')]");
}

export async function chooseType(page: Page, dialog: Locator) {
  await dialog.getByRole("combobox", byName("Type")).click();
  // At the top level only types allowed at root are offered.
  await expect(optionOf(page, "Type", TARGET_TYPE.name)).toBeVisible();
  await expect(optionOf(page, "Type", NESTED_TYPE.name)).toHaveCount(0);
  await optionOf(page, "Type", RECORD_TYPE.name).click();
  await expect(dialog.getByRole("textbox", byName(PROPERTIES.title.name))).toBeVisible();
}

/** Identity group: text with a language qualifier, enum, boolean, date, time and the repeatable url. */
export async function fillIdentity(page: Page, dialog: Locator) {
  await dialog.getByRole("textbox", byName(PROPERTIES.title.name)).fill(VALUES.title);
  await dialog.getByRole("button", byName(`Qualifiers of ${PROPERTIES.title.name}`)).click();
  await choose(page, `${PROPERTIES.title.name}: Language`, VALUES.titleLanguage);
  await choose(page, PROPERTIES.status.name, VALUES.status);
  await dialog.getByRole("switch", byName(PROPERTIES.digitised.name)).check();
  await dialog.getByRole("textbox", byName(PROPERTIES.date.name)).fill(VALUES.date);
  await dialog.getByRole("textbox", byName(PROPERTIES.time.name)).fill(VALUES.time);

  const link = (number: number) => dialog.getByRole("textbox", byName(`${PROPERTIES.links.name} (${number})`));
  const removeLink = (number: number) => dialog.getByRole("button", byName(`Remove ${PROPERTIES.links.name} (${number})`));
  await expect(removeLink(1)).toBeDisabled();
  await link(1).fill(VALUES.links[0] ?? "");
  await dialog.getByRole("button", byName(`Add ${PROPERTIES.links.name}`)).click();
  await link(2).fill(VALUES.links[1] ?? "");
  await dialog.getByRole("button", byName(`Add ${PROPERTIES.links.name}`)).click();
  await link(3).fill("https://example.org/dropped");
  await expect(removeLink(1)).toBeEnabled();
  await removeLink(3).click();
  await expect(link(3)).toHaveCount(0);
}

/** Details group: IP, number, text area, JSON, rich text, multi-select, vocabulary term and reference. */
export async function fillDetails(page: Page, dialog: Locator) {
  const ip = dialog.getByRole("textbox", byName(PROPERTIES.ip.name));
  // The mask adds the dots after full groups and ignores the dot typed after them.
  await ip.pressSequentially("192168.0.1");
  await expect(ip).toHaveValue(VALUES.ip);
  await dialog.getByRole("textbox", byName(PROPERTIES.pages.name)).fill(VALUES.pages);
  await dialog.getByRole("textbox", byName(PROPERTIES.notes.name)).fill(VALUES.notes);
  await dialog.getByRole("textbox", byName(PROPERTIES.metadata.name)).fill(VALUES.metadata);

  const summary = dialog.getByRole("textbox", byName(PROPERTIES.summary.name));
  await summary.click();
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("Bold");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type(" summary");
  await expect(summary.locator("strong")).toHaveText("Bold");

  const colours = dialog.getByRole("combobox", byName(PROPERTIES.colours.name));
  await colours.click();
  for (const colour of VALUES.colours) await optionOf(page, PROPERTIES.colours.name, colour).click();
  await page.keyboard.press("Escape");
  await expect(pillsOf(dialog, PROPERTIES.colours.name)).toHaveText(VALUES.colours);

  // Terms are searched on the server once more than 2 characters are typed.
  const material = dialog.getByRole("combobox", byName(PROPERTIES.material.name));
  await material.click();
  await expect(optionOf(page, PROPERTIES.material.name, "Bronze")).toBeVisible();
  await material.pressSequentially("oak");
  await expect(optionOf(page, PROPERTIES.material.name, "Bronze")).toHaveCount(0);
  await optionOf(page, PROPERTIES.material.name, VALUES.material).click();
  await page.keyboard.press("Escape");
  await expect(pillsOf(dialog, PROPERTIES.material.name)).toHaveText([VALUES.material]);

  const related = dialog.getByRole("combobox", byName(PROPERTIES.related.name));
  await related.click();
  await optionOf(page, PROPERTIES.related.name, TARGET_CONTAINER).click();
  await page.keyboard.press("Escape");
  await expect(pillsOf(dialog, PROPERTIES.related.name)).toHaveText([TARGET_CONTAINER]);
}

/** The spatial map: a click on the map sets the coordinates, then exact ones are typed. */
export async function fillPlace(dialog: Locator) {
  const place = dialog.getByRole("group", byName(PROPERTIES.place.name));
  await place.getByRole("application").click();
  await expect(place.getByRole("textbox", byName("Latitude"))).not.toHaveValue("");
  await expect(place.locator(".leaflet-marker-icon")).toHaveCount(1);
  await place.getByRole("textbox", byName("Place name")).fill(VALUES.place.placename);
  await place.getByRole("textbox", byName("Longitude")).fill(VALUES.place.longitude);
  await place.getByRole("textbox", byName("Latitude")).fill(VALUES.place.latitude);
}

export async function checkIdentity(dialog: Locator) {
  await expect(dialog.getByRole("textbox", byName(PROPERTIES.title.name))).toHaveValue(VALUES.title);
  await expect(dialog.getByRole("button", byName(`Qualifiers of ${PROPERTIES.title.name}`))).toHaveAttribute("aria-pressed", "true");
  await expect(dialog.getByRole("combobox", byName(`${PROPERTIES.title.name}: Language`))).toHaveValue(VALUES.titleLanguage);
  await expect(dialog.getByRole("combobox", byName(PROPERTIES.status.name))).toHaveValue(VALUES.status);
  await expect(dialog.getByRole("switch", byName(PROPERTIES.digitised.name))).toBeChecked();
  await expect(dialog.getByRole("textbox", byName(PROPERTIES.date.name))).toHaveValue(VALUES.date);
  await expect(dialog.getByRole("textbox", byName(PROPERTIES.time.name))).toHaveValue(VALUES.time);
  for (const [index, link] of VALUES.links.entries()) {
    await expect(dialog.getByRole("textbox", byName(`${PROPERTIES.links.name} (${index + 1})`))).toHaveValue(link);
  }
  await expect(dialog.getByRole("textbox", byName(`${PROPERTIES.links.name} (3)`))).toHaveCount(0);
}

export async function checkDetails(dialog: Locator) {
  await expect(dialog.getByRole("textbox", byName(PROPERTIES.ip.name))).toHaveValue(VALUES.ip);
  // Not editable: shown, but kept as it is on update.
  await expect(dialog.getByRole("textbox", byName(PROPERTIES.pages.name))).toHaveValue(VALUES.pages);
  await expect(dialog.getByRole("textbox", byName(PROPERTIES.pages.name))).toBeDisabled();
  await expect(dialog.getByRole("textbox", byName(PROPERTIES.notes.name))).toHaveValue(VALUES.notes);
  await expect(dialog.getByRole("textbox", byName(PROPERTIES.metadata.name))).toHaveValue('{\n  "box": 7,\n  "shelf": "B"\n}');
  await expect(dialog.getByRole("textbox", byName(PROPERTIES.summary.name)).locator("strong")).toHaveText("Bold");
  await expect(dialog.getByRole("textbox", byName(PROPERTIES.summary.name))).toHaveText("Bold summary");
  await expect(pillsOf(dialog, PROPERTIES.colours.name)).toHaveText(VALUES.colours);
  await expect(pillsOf(dialog, PROPERTIES.material.name)).toHaveText([VALUES.material]);
  await expect(pillsOf(dialog, PROPERTIES.related.name)).toHaveText([TARGET_CONTAINER]);
}

export async function checkPlace(dialog: Locator) {
  const place = dialog.getByRole("group", byName(PROPERTIES.place.name));
  await expect(place.getByRole("textbox", byName("Place name"))).toHaveValue(VALUES.place.placename);
  await expect(place.getByRole("textbox", byName("Longitude"))).toHaveValue(VALUES.place.longitude);
  await expect(place.getByRole("textbox", byName("Latitude"))).toHaveValue(VALUES.place.latitude);
  await expect(place.locator(".leaflet-marker-icon")).toHaveCount(1);
}
