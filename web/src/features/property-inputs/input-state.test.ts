import { type PropertyTypeCode, type TypeProperty, validatePropertyValue } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import {
  emptyInputState,
  type InstanceState,
  inputStateFromValues,
  type PropertyInputState,
  readPropertyValue,
  valuesFromInputState,
  writePropertyValue,
} from "./input-state.ts";

const TERM_VOCABULARY = "0190f1a2-0000-7000-8000-000000000001";
const DETAILS: Partial<Record<PropertyTypeCode, string>> = {
  enum: JSON.stringify({ values: ["Draft", "Final"] }),
  "multi-select": JSON.stringify({ values: ["red", "green", "blue"] }),
  "vocabulary-flat": JSON.stringify({ vocabularyId: TERM_VOCABULARY, values: [] }),
  reference: JSON.stringify({ containerTypes: ["book"] }),
};

function propertyOf(type: PropertyTypeCode, qualifiers: string[] = []): TypeProperty {
  return {
    id: 1,
    propertyKey: `p-${type}`,
    displayName: `P ${type}`,
    propertyType: type,
    propertyDetails: DETAILS[type] ?? "{}",
    description: "",
    namespace: null,
    qualifiers,
    mandatory: false,
    editable: true,
    repeatable: false,
    groupId: null,
    position: 0,
  };
}

const REFERENCED = "0190f1a2-1111-7000-8000-00000000abcd";

/** For each type: what the user enters, the `values` it sends, and what the server stores (and answers). */
const CASES: { input: PropertyInputState; sent: unknown; stored: unknown }[] = [
  { input: { type: "boolean", state: true }, sent: true, stored: true },
  {
    input: { type: "url", state: " https://example.org/a?b=1 " },
    sent: " https://example.org/a?b=1 ",
    stored: "https://example.org/a?b=1",
  },
  { input: { type: "enum", state: "Final" }, sent: "Final", stored: "Final" },
  { input: { type: "date", state: "2024-02-29" }, sent: "2024-02-29", stored: "2024-02-29" },
  { input: { type: "time", state: "13:45" }, sent: "13:45", stored: "13:45" },
  { input: { type: "ip-address-v4", state: "192.168.0.1" }, sent: "192.168.0.1", stored: "192.168.0.1" },
  { input: { type: "number", state: "-12.5" }, sent: -12.5, stored: -12.5 },
  { input: { type: "text-area", state: "two\nlines" }, sent: "two\nlines", stored: "two\nlines" },
  { input: { type: "json", state: '{\n  "a": [1, 2]\n}' }, sent: '{\n  "a": [1, 2]\n}', stored: { a: [1, 2] } },
  { input: { type: "text", state: "A title" }, sent: "A title", stored: "A title" },
  {
    input: { type: "rich-text", state: "<p><strong>Bold</strong> text</p>" },
    sent: "<p><strong>Bold</strong> text</p>",
    stored: "<p><strong>Bold</strong> text</p>",
  },
  {
    input: { type: "spatial-map", state: { placename: " Athens ", longitude: "23.7275", latitude: "37.9838" } },
    sent: { placename: "Athens", longitude: 23.7275, latitude: 37.9838, langitude: 37.9838 },
    stored: { placename: "Athens", longitude: 23.7275, latitude: 37.9838, langitude: 37.9838 },
  },
  { input: { type: "multi-select", state: ["blue", "red"] }, sent: ["blue", "red"], stored: ["blue", "red"] },
  { input: { type: "vocabulary-flat", state: ["mat-01", "mat-03"] }, sent: ["mat-01", "mat-03"], stored: ["mat-01", "mat-03"] },
  { input: { type: "reference", state: [REFERENCED] }, sent: [REFERENCED], stored: [REFERENCED] },
];

describe("property input values", () => {
  it("covers every property type", () => {
    expect(new Set(CASES.map((testCase) => testCase.input.type)).size).toBe(15);
  });

  it.each(CASES)("$input.type: sends the entered value as {values, qualifiers} the server accepts", ({ input, sent, stored }) => {
    const json = writePropertyValue({ input, qualifiers: {} });
    expect(JSON.parse(json)).toEqual({ values: sent, qualifiers: [] });
    const checked = validatePropertyValue(propertyOf(input.type), json);
    expect(checked).toMatchObject({ ok: true, value: { values: stored, qualifiers: [] } });
  });

  it.each(CASES)("$input.type: shows the stored value as it was entered", ({ input, stored }) => {
    const storedJson = JSON.stringify({ values: stored, qualifiers: [] });
    const shown = readPropertyValue(input.type, storedJson).input;
    // What is shown, sent again, stores the same value.
    const again = validatePropertyValue(propertyOf(input.type), writePropertyValue({ input: shown, qualifiers: {} }));
    expect(again).toMatchObject({ ok: true, value: { values: stored } });
    if (input.type === "json") expect(shown.state).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    else if (input.type === "url") expect(shown.state).toBe("https://example.org/a?b=1");
    else if (input.type === "spatial-map") expect(shown.state).toEqual({ placename: "Athens", longitude: "23.7275", latitude: "37.9838" });
    else if (input.type === "number") expect(shown.state).toBe("-12.5");
    else expect(shown).toEqual(input);
  });

  it.each(CASES.map((testCase) => testCase.input.type))("%s: an untouched input sends nothing the server stores", (type) => {
    const checked = validatePropertyValue(propertyOf(type), writePropertyValue({ input: emptyInputState(type), qualifiers: {} }));
    // A switch left off is the value false; every other empty input counts as no value.
    if (type === "boolean") expect(checked).toMatchObject({ ok: true, value: { values: false } });
    else expect(checked).toEqual({ ok: true, value: null, references: expect.any(Object) });
  });

  it("reads an empty stored value (null) as an empty input", () => {
    expect(readPropertyValue("text", null)).toEqual({ input: { type: "text", state: "" }, qualifiers: {} });
    expect(readPropertyValue("spatial-map", null).input).toEqual({
      type: "spatial-map",
      state: { placename: "", longitude: "", latitude: "" },
    });
    expect(readPropertyValue("reference", "not json").input).toEqual({ type: "reference", state: [] });
  });

  it("keeps qualifiers, dropping blank ones, and reads them back", () => {
    const instance: InstanceState = { input: { type: "text", state: "Καλημέρα" }, qualifiers: { language: " el ", script: " " } };
    const json = writePropertyValue(instance);
    expect(JSON.parse(json)).toEqual({ values: "Καλημέρα", qualifiers: [{ qualifierKey: "language", qualifierValue: "el" }] });
    expect(validatePropertyValue(propertyOf("text", ["language"]), json)).toMatchObject({ ok: true });
    expect(readPropertyValue("text", json)).toEqual({ input: { type: "text", state: "Καλημέρα" }, qualifiers: { language: "el" } });
  });

  it("reads the latitude spelled `langitude` (spec 1 §3) and values stored as text", () => {
    expect(inputStateFromValues("spatial-map", { placename: "X", longitude: 1, langitude: 2 })).toEqual({
      type: "spatial-map",
      state: { placename: "X", longitude: "1", latitude: "2" },
    });
    expect(inputStateFromValues("boolean", "TRUE")).toEqual({ type: "boolean", state: true });
    expect(inputStateFromValues("vocabulary-flat", 42)).toEqual({ type: "vocabulary-flat", state: ["42"] });
  });

  it("sends text the server will refuse as typed, so its message names the problem", () => {
    expect(valuesFromInputState({ type: "number", state: "12abc" })).toBe("12abc");
    expect(
      validatePropertyValue(propertyOf("number"), writePropertyValue({ input: { type: "number", state: "12abc" }, qualifiers: {} })),
    ).toEqual({
      ok: false,
      message: "P number: must be a number",
    });
    const halfPlace: PropertyInputState = { type: "spatial-map", state: { placename: "Nowhere", longitude: "", latitude: "" } };
    expect(validatePropertyValue(propertyOf("spatial-map"), writePropertyValue({ input: halfPlace, qualifiers: {} }))).toEqual({
      ok: false,
      message: "P spatial-map: needs both a longitude and a latitude",
    });
  });
});
