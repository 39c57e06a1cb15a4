import { describe, expect, it } from "vitest";
import type { Property } from "./content-model.ts";
import type { PropertyTypeCode } from "./property-types.ts";
import { isEmptyPropertyValue, type PropertyValueDefinition, validatePropertyValue } from "./property-values.ts";

const VOCABULARY_ID = "6f1c2a84-3b5d-4e7f-9a10-2b3c4d5e6f70";
const CONTAINER_UUID = "0d8e7c6b-5a49-4382-a716-151413121110";
const OTHER_CONTAINER_UUID = "1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d";

const DETAILS: Partial<Record<PropertyTypeCode, object>> = {
  enum: { values: ["Draft", "Final"] },
  "multi-select": { values: ["red", "green", "blue"] },
  "vocabulary-flat": { vocabularyId: VOCABULARY_ID, values: [] },
  reference: { containerTypes: ["book", "series"] },
};

const NAMES: Record<PropertyTypeCode, string> = {
  boolean: "Open access",
  url: "Website",
  enum: "Status",
  date: "Issued",
  time: "Opening time",
  "ip-address-v4": "Server address",
  number: "Year",
  "text-area": "Abstract",
  json: "Metadata",
  text: "Title",
  "rich-text": "Description",
  "spatial-map": "Location",
  "multi-select": "Colours",
  "vocabulary-flat": "Subject",
  reference: "Part of",
};

function propertyOf(type: PropertyTypeCode, overrides: Partial<PropertyValueDefinition> = {}): PropertyValueDefinition {
  return {
    propertyKey: `key-${type}`,
    displayName: NAMES[type],
    propertyType: type,
    propertyDetails: JSON.stringify(DETAILS[type] ?? {}),
    qualifiers: ["language", "script"],
    ...overrides,
  };
}

const submit = (values: unknown, qualifiers: unknown = []) => JSON.stringify({ values, qualifiers });

describe("validatePropertyValue accepts and normalises", () => {
  const cases: [PropertyTypeCode, unknown, unknown][] = [
    ["boolean", true, true],
    ["boolean", false, false],
    ["boolean", "TRUE", true],
    ["boolean", "false", false],
    ["boolean", " True ", true],
    ["url", "https://example.org/a?b=c#d", "https://example.org/a?b=c#d"],
    ["url", "  http://localhost:8080  ", "http://localhost:8080"],
    ["url", "FTP://files.example.org/pub", "FTP://files.example.org/pub"],
    ["enum", "Final", "Final"],
    ["enum", " Draft ", "Draft"],
    ["date", "2024-02-29", "2024-02-29"],
    ["date", "2000-02-29", "2000-02-29"],
    ["date", "2023-12-31", "2023-12-31"],
    ["time", "00:00", "00:00"],
    ["time", "23:59:59", "23:59:59"],
    ["time", "09:05", "09:05"],
    ["ip-address-v4", "192.168.0.1", "192.168.0.1"],
    ["ip-address-v4", "0.0.0.0", "0.0.0.0"],
    ["ip-address-v4", "255.255.255.255", "255.255.255.255"],
    ["number", 1999, 1999],
    ["number", "1999", 1999],
    ["number", " -12.5 ", -12.5],
    ["number", "2e3", 2000],
    ["number", 0, 0],
    ["text", "  The title  ", "The title"],
    ["text", "x".repeat(1000), "x".repeat(1000)],
    ["text-area", "line one\r\nline two\ttabbed\n", "line one\nline two\ttabbed"],
    ["text-area", "y".repeat(100_000), "y".repeat(100_000)],
    ["json", '{"a":[1,2,{"b":null}]}', { a: [1, 2, { b: null }] }],
    ["json", { nested: { ok: true } }, { nested: { ok: true } }],
    ["json", "42", 42],
    ["json", [], []],
    ["rich-text", "<p>Hello <strong>world</strong></p>", "<p>Hello <strong>world</strong></p>"],
    ["rich-text", '<p>Hi<script>alert("x")</script></p>', "<p>Hi</p>"],
    ["rich-text", '<a href="javascript:alert(1)">click</a>', "<a>click</a>"],
    ["rich-text", '<p onclick="steal()" style="color:red;text-align:center">x</p>', '<p style="text-align:center">x</p>'],
    [
      "rich-text",
      '<a href="https://example.org" target="_blank">site</a>',
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    ],
    ["rich-text", '<iframe src="https://evil.example"></iframe><object data="x"></object><style>p{}</style><p>ok</p>', "<p>ok</p>"],
    ["rich-text", '<img src="x" onerror="alert(1)"><p>Image gone</p>', "<p>Image gone</p>"],
    [
      "spatial-map",
      { placename: "Athens", longitude: 23.7275, latitude: 37.9838 },
      { placename: "Athens", longitude: 23.7275, latitude: 37.9838, langitude: 37.9838 },
    ],
    [
      "spatial-map",
      { placename: "Belgrade", longitude: "20.4489", langitude: "44.7866" },
      { placename: "Belgrade", longitude: 20.4489, latitude: 44.7866, langitude: 44.7866 },
    ],
    ["spatial-map", { longitude: -180, latitude: 90 }, { placename: "", longitude: -180, latitude: 90, langitude: 90 }],
    [
      "spatial-map",
      { placename: "Same", longitude: 1, latitude: 2, langitude: 2 },
      { placename: "Same", longitude: 1, latitude: 2, langitude: 2 },
    ],
    ["multi-select", ["red", "blue"], ["red", "blue"]],
    ["multi-select", [" green ", ""], ["green"]],
    ["vocabulary-flat", "term-17", ["term-17"]],
    ["vocabulary-flat", ["term-1", "term-2", 3], ["term-1", "term-2", "3"]],
    ["reference", CONTAINER_UUID.toUpperCase(), [CONTAINER_UUID]],
    ["reference", [CONTAINER_UUID, OTHER_CONTAINER_UUID], [CONTAINER_UUID, OTHER_CONTAINER_UUID]],
  ];

  it.each(cases)("%s: %j", (type, values, stored) => {
    const result = validatePropertyValue(propertyOf(type), submit(values));
    expect(result).toMatchObject({ ok: true, value: { values: stored, qualifiers: [] } });
  });

  it.each(cases)("%s: storing %j again gives the same value", (type, values) => {
    const first = validatePropertyValue(propertyOf(type), submit(values));
    if (!first.ok) throw new Error(first.message);
    expect(validatePropertyValue(propertyOf(type), JSON.stringify(first.value))).toEqual(first);
  });

  it("covers every property type", () => {
    expect(new Set(cases.map(([type]) => type))).toEqual(new Set(Object.keys(NAMES)));
  });
});

describe("validatePropertyValue refuses with a message naming the property", () => {
  const cases: [PropertyTypeCode, unknown, string][] = [
    ["boolean", "yes", "Open access: must be true or false"],
    ["boolean", 1, "Open access: must be true or false"],
    ["url", "example.org", "Website: must be a web address starting with http://, https:// or ftp://"],
    ["url", "javascript:alert(1)", "Website: must be a web address starting with http://, https:// or ftp://"],
    ["url", "https://exa mple.org", "Website: must be a web address starting with http://, https:// or ftp://"],
    ["url", "mailto:someone@example.org", "Website: must be a web address starting with http://, https:// or ftp://"],
    ["url", `https://example.org/${"a".repeat(2100)}`, "Website: must be at most 2,048 characters"],
    ["enum", "Published", 'Status: "Published" is not one of the listed values'],
    ["enum", ["Draft"], "Status: must be one of the listed values"],
    ["enum", "Draft".repeat(20), `Status: "${"Draft".repeat(10)}…" is not one of the listed values`],
    ["date", "2023-02-29", "Issued: 2023-02-29 is not a date in the calendar"],
    ["date", "2023-02-30", "Issued: 2023-02-30 is not a date in the calendar"],
    ["date", "1900-02-29", "Issued: 1900-02-29 is not a date in the calendar"],
    ["date", "2023-13-01", "Issued: 2023-13-01 is not a date in the calendar"],
    ["date", "0000-01-01", "Issued: 0000-01-01 is not a date in the calendar"],
    ["date", "2023-1-5", "Issued: must be a date written as YYYY-MM-DD"],
    ["date", "2023-01-05T10:00:00Z", "Issued: must be a date written as YYYY-MM-DD"],
    ["time", "24:00", "Opening time: must be a time written as HH:mm or HH:mm:ss, from 00:00 to 23:59:59"],
    ["time", "12:60", "Opening time: must be a time written as HH:mm or HH:mm:ss, from 00:00 to 23:59:59"],
    ["time", "9:30", "Opening time: must be a time written as HH:mm or HH:mm:ss, from 00:00 to 23:59:59"],
    ["time", "23:59:60", "Opening time: must be a time written as HH:mm or HH:mm:ss, from 00:00 to 23:59:59"],
    [
      "ip-address-v4",
      "256.1.1.1",
      "Server address: must be an IPv4 address: four numbers from 0 to 255 without leading zeros, such as 192.168.0.1",
    ],
    [
      "ip-address-v4",
      "01.2.3.4",
      "Server address: must be an IPv4 address: four numbers from 0 to 255 without leading zeros, such as 192.168.0.1",
    ],
    [
      "ip-address-v4",
      "1.2.3",
      "Server address: must be an IPv4 address: four numbers from 0 to 255 without leading zeros, such as 192.168.0.1",
    ],
    [
      "ip-address-v4",
      "1.2.3.4.5",
      "Server address: must be an IPv4 address: four numbers from 0 to 255 without leading zeros, such as 192.168.0.1",
    ],
    [
      "ip-address-v4",
      "1.2.3.-4",
      "Server address: must be an IPv4 address: four numbers from 0 to 255 without leading zeros, such as 192.168.0.1",
    ],
    ["number", "twelve", "Year: must be a number"],
    ["number", "12,5", "Year: must be a number"],
    ["number", "1e400", "Year: must be a number"],
    ["number", "0x10", "Year: must be a number"],
    ["number", true, "Year: must be a number"],
    ["text", "x".repeat(1001), "Title: must be at most 1,000 characters"],
    ["text", "two\nlines", "Title: must be one line of text without control characters"],
    ["text", 42, "Title: must be text"],
    ["text-area", "z".repeat(100_001), "Abstract: must be at most 100,000 characters"],
    ["text-area", "bell\u0007", "Abstract: must not contain control characters"],
    ["json", "{not json", "Metadata: is not valid JSON"],
    ["json", `"${"j".repeat(100_000)}"`, "Metadata: must be at most 100,000 characters of JSON"],
    ["json", `${"[".repeat(70)}${"]".repeat(70)}`, "Metadata: must be JSON data nested at most 64 levels deep"],
    ["rich-text", 12, "Description: must be formatted text (HTML)"],
    ["rich-text", `<p>${"r".repeat(200_001)}</p>`, "Description: must be at most 200,000 characters of HTML"],
    ["spatial-map", "Athens", "Location: must be a place with a placename, a longitude and a latitude"],
    ["spatial-map", { placename: "Nowhere" }, "Location: needs both a longitude and a latitude"],
    ["spatial-map", { longitude: 181, latitude: 0 }, "Location: longitude must be a number from -180 to 180"],
    ["spatial-map", { longitude: 0, latitude: -90.5 }, "Location: latitude must be a number from -90 to 90"],
    ["spatial-map", { longitude: 0, langitude: "north" }, "Location: latitude must be a number from -90 to 90"],
    ["spatial-map", { longitude: 1, latitude: 2, langitude: 3 }, "Location: latitude and langitude differ; give one of them"],
    ["spatial-map", { placename: 7, longitude: 1, latitude: 2 }, "Location: placename must be text"],
    ["multi-select", ["red", "red"], 'Colours: "red" is chosen more than once'],
    ["multi-select", ["purple"], 'Colours: "purple" is not one of the listed values'],
    ["multi-select", "red", "Colours: must be a list of the listed values"],
    ["vocabulary-flat", ["term-1", "term-1"], 'Subject: term id "term-1" is listed more than once'],
    ["vocabulary-flat", { id: "term-1" }, "Subject: must be a term id or a list of term ids"],
    ["vocabulary-flat", [["term-1"]], "Subject: must be a term id or a list of term ids"],
    ["vocabulary-flat", "t\u0000", 'Subject: "t\\u0000" is not a valid term id'],
    ["vocabulary-flat", -1, "Subject: -1 is not a valid term id"],
    ["reference", "not-a-uuid", 'Part of: "not-a-uuid" is not a valid container id'],
    ["reference", [CONTAINER_UUID, CONTAINER_UUID.toUpperCase()], `Part of: container id "${CONTAINER_UUID}" is listed more than once`],
    ["reference", Array.from({ length: 501 }, () => CONTAINER_UUID), "Part of: must list at most 500 container ids"],
  ];

  it.each(cases)("%s: %j", (type, values, message) => {
    expect(validatePropertyValue(propertyOf(type), submit(values))).toEqual({ ok: false, message });
  });

  it("covers every property type", () => {
    expect(new Set(cases.map(([type]) => type))).toEqual(new Set(Object.keys(NAMES)));
  });
});

describe("empty values", () => {
  const cases: [PropertyTypeCode, unknown][] = [
    ["text", ""],
    ["text", "   "],
    ["text-area", null],
    ["number", undefined],
    ["url", ""],
    ["json", "null"],
    ["json", " "],
    ["rich-text", "<p></p>"],
    ["rich-text", "<p>&nbsp;</p><script>alert(1)</script>"],
    ["spatial-map", { placename: "", longitude: null, latitude: "" }],
    ["multi-select", []],
    ["vocabulary-flat", [""]],
    ["reference", []],
  ];

  it.each(cases)("%s: %j is valid and stored as nothing", (type, values) => {
    expect(validatePropertyValue(propertyOf(type), submit(values))).toEqual({
      ok: true,
      value: null,
      references: { termIds: [], vocabularyId: null, containerUuids: [], containerTypes: [] },
    });
    expect(isEmptyPropertyValue(submit(values), type)).toBe(true);
  });

  it.each([undefined, null, "", "null", "{}", { qualifiers: [] }])("a missing value (%j) is empty", (submitted) => {
    expect(validatePropertyValue(propertyOf("text"), submitted)).toMatchObject({ ok: true, value: null });
    expect(isEmptyPropertyValue(submitted, "text")).toBe(true);
  });

  it.each<[PropertyTypeCode, unknown]>([
    ["boolean", false],
    ["number", 0],
    ["json", {}],
    ["json", []],
    ["rich-text", "<p>x</p>"],
    ["spatial-map", { placename: "Only a name" }],
    ["multi-select", ["red"]],
  ])("%s: %j counts as filled in", (type, values) => {
    expect(isEmptyPropertyValue(submit(values), type)).toBe(false);
    expect(isEmptyPropertyValue({ values }, type)).toBe(false);
  });

  it("does not call unreadable input empty", () => {
    expect(isEmptyPropertyValue("{broken", "text")).toBe(false);
  });
});

describe("references the server must check", () => {
  it("lists vocabulary term ids with the property's vocabulary", () => {
    const result = validatePropertyValue(propertyOf("vocabulary-flat"), submit(["t1", "t2"]));
    expect(result).toMatchObject({
      ok: true,
      references: { termIds: ["t1", "t2"], vocabularyId: VOCABULARY_ID, containerUuids: [], containerTypes: [] },
    });
  });

  it("lists container uuids with the allowed container types", () => {
    const result = validatePropertyValue(propertyOf("reference"), submit(CONTAINER_UUID));
    expect(result).toMatchObject({
      ok: true,
      references: { termIds: [], vocabularyId: null, containerUuids: [CONTAINER_UUID], containerTypes: ["book", "series"] },
    });
  });

  it("lists nothing for other types", () => {
    const result = validatePropertyValue(propertyOf("text"), submit("plain"));
    expect(result).toMatchObject({ ok: true, references: { termIds: [], vocabularyId: null, containerUuids: [], containerTypes: [] } });
  });
});

describe("qualifiers", () => {
  const title = propertyOf("text", {
    qualifierDefinitions: [
      { qualifierKey: "language", qualifierType: "enum", values: ["en", "el", "sr"] },
      { qualifierKey: "script", qualifierType: "text", values: ["Latn"] },
    ],
  });

  it("keeps allowed qualifiers, trimmed", () => {
    const result = validatePropertyValue(title, submit("Hello", [{ qualifierKey: "language", qualifierValue: " en " }]));
    expect(result).toMatchObject({
      ok: true,
      value: { values: "Hello", qualifiers: [{ qualifierKey: "language", qualifierValue: "en" }] },
    });
  });

  it("keeps several different qualifiers", () => {
    const qualifiers = [
      { qualifierKey: "language", qualifierValue: "sr" },
      { qualifierKey: "script", qualifierValue: "Cyrl" },
    ];
    expect(validatePropertyValue(title, submit("Здраво", qualifiers))).toMatchObject({ ok: true, value: { qualifiers } });
  });

  it.each<[string, unknown, string]>([
    ["an unknown key", [{ qualifierKey: "colour", qualifierValue: "red" }], 'Title: qualifier "colour" is not allowed for this property'],
    ["an empty value", [{ qualifierKey: "language", qualifierValue: "  " }], 'Title: qualifier "language" needs a value'],
    ["a missing value", [{ qualifierKey: "language" }], 'Title: qualifier "language" needs a value'],
    [
      "a value over 100 characters",
      [{ qualifierKey: "language", qualifierValue: "l".repeat(101) }],
      'Title: qualifier "language" must be at most 100 characters',
    ],
    [
      "a repeated key",
      [
        { qualifierKey: "language", qualifierValue: "en" },
        { qualifierKey: "language", qualifierValue: "fr" },
      ],
      'Title: qualifier "language" is given more than once',
    ],
    ["a missing key", [{ qualifierValue: "en" }], "Title: each qualifier needs a qualifierKey and a qualifierValue"],
    [
      "a non-text value",
      [{ qualifierKey: "language", qualifierValue: 5 }],
      "Title: each qualifier needs a qualifierKey and a qualifierValue",
    ],
    ["a non-object entry", ["language"], "Title: each qualifier needs a qualifierKey and a qualifierValue"],
    ["a non-list", { language: "en" }, "Title: qualifiers must be a list"],
    [
      "an enum qualifier's value that is not listed",
      [{ qualifierKey: "language", qualifierValue: "xx" }],
      'Title: "xx" is not one of the listed values of qualifier "language"',
    ],
    [
      "an enum qualifier's value in another case",
      [{ qualifierKey: "language", qualifierValue: "EN" }],
      'Title: "EN" is not one of the listed values of qualifier "language"',
    ],
    [
      "an unlisted enum value after a good qualifier",
      [
        { qualifierKey: "script", qualifierValue: "Cyrl" },
        { qualifierKey: "language", qualifierValue: "english" },
      ],
      'Title: "english" is not one of the listed values of qualifier "language"',
    ],
  ])("refuses %s", (_case, qualifiers, message) => {
    expect(validatePropertyValue(title, submit("Hello", qualifiers))).toEqual({ ok: false, message });
  });

  it("refuses any qualifier on a property that allows none", () => {
    const result = validatePropertyValue(
      propertyOf("number", { qualifiers: [] }),
      submit(3, [{ qualifierKey: "language", qualifierValue: "en" }]),
    );
    expect(result).toEqual({ ok: false, message: "Year: takes no qualifiers" });
  });

  it.each<[string, PropertyValueDefinition, string, string]>([
    ["a listed enum value, trimmed", title, "language", " el "],
    ["any value of a text qualifier, listed or not", title, "script", "Cyrl"],
    ["any value of a qualifier given without its definition", propertyOf("text"), "language", "xx"],
  ])("accepts %s", (_case, property, qualifierKey, qualifierValue) => {
    const result = validatePropertyValue(property, submit("Hello", [{ qualifierKey, qualifierValue }]));
    expect(result).toMatchObject({ ok: true, value: { qualifiers: [{ qualifierKey, qualifierValue: qualifierValue.trim() }] } });
  });

  it("treats absent qualifiers as none", () => {
    expect(validatePropertyValue(title, JSON.stringify({ values: "Hello" }))).toMatchObject({ ok: true, value: { qualifiers: [] } });
  });
});

describe("hostile input", () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  let deep: unknown = "bottom";
  for (let level = 0; level < 100_000; level++) deep = [deep];
  const hostile: unknown[] = [
    cyclic,
    [cyclic],
    deep,
    () => "function",
    10n,
    Symbol("symbol"),
    new Date(0),
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Object.create(null),
    { placename: cyclic, longitude: cyclic, latitude: 1 },
    "[".repeat(200_000),
    `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
    "<".repeat(150_000),
  ];
  const cases = Object.keys(NAMES).flatMap((type) => hostile.map((values) => [type as PropertyTypeCode, values] as const));

  it.each(cases)("%s answers instead of throwing for input %#", (type, values) => {
    const property = propertyOf(type);
    for (const submitted of [{ values }, { values: "x", qualifiers: values }, values]) {
      const result = validatePropertyValue(property, submitted);
      expect(typeof result.ok).toBe("boolean");
      if (!result.ok) expect(result.message.length).toBeLessThan(300);
      expect(typeof isEmptyPropertyValue(submitted, type)).toBe("boolean");
    }
  });
});

describe("malformed input", () => {
  const title = propertyOf("text");

  it.each<[string, unknown, string]>([
    ["text that is not JSON", "Hello", "Title: the value is not valid JSON"],
    ["cut-off JSON", '{"values": "He', "Title: the value is not valid JSON"],
    ["a JSON string instead of an object", '"Hello"', 'Title: the value must be an object with "values" and "qualifiers"'],
    ["a JSON list", '["Hello"]', 'Title: the value must be an object with "values" and "qualifiers"'],
    ["a number", 42, 'Title: the value must be an object with "values" and "qualifiers"'],
    ["oversize JSON text", submit("x".repeat(500_001)), "Title: the value is too large"],
  ])("refuses %s", (_case, submitted, message) => {
    expect(validatePropertyValue(title, submitted)).toEqual({ ok: false, message });
  });

  it("accepts an already parsed value", () => {
    expect(validatePropertyValue(title, { values: "Hello", qualifiers: [] })).toMatchObject({ ok: true, value: { values: "Hello" } });
  });

  it("refuses data that is not JSON in a parsed json value", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(validatePropertyValue(propertyOf("json"), { values: cyclic })).toEqual({
      ok: false,
      message: "Metadata: must be JSON data nested at most 64 levels deep",
    });
    expect(validatePropertyValue(propertyOf("json"), { values: { when: new Date(0) } })).toMatchObject({ ok: false });
  });

  it("explains broken type details instead of throwing", () => {
    const broken = propertyOf("enum", { propertyDetails: "{oops" });
    expect(validatePropertyValue(broken, submit("Draft"))).toEqual({
      ok: false,
      message: "Status: the property's type details are not valid (propertyDetails must be valid JSON)",
    });
  });

  it("takes a property as the content model answers it", () => {
    const property: Property = {
      id: 1,
      propertyKey: "dc.title",
      displayName: "Title",
      propertyType: "text",
      propertyDetails: "{}",
      description: "",
      namespace: null,
      qualifiers: ["language"],
      mandatory: true,
      editable: true,
      repeatable: true,
      groupId: null,
      position: 0,
    };
    expect(validatePropertyValue(property, submit("Hello", [{ qualifierKey: "language", qualifierValue: "en" }]))).toMatchObject({
      ok: true,
    });
  });

  it("names the property by its key when it has no display name", () => {
    expect(validatePropertyValue(propertyOf("number", { displayName: " " }), submit("x"))).toEqual({
      ok: false,
      message: "key-number: must be a number",
    });
  });
});
