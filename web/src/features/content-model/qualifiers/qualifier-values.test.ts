import type { Qualifier } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { qualifierFormValues, toQualifierFields } from "./qualifier-values.ts";

const language: Qualifier = {
  id: 1,
  qualifierKey: "lang",
  qualifierName: "Language",
  qualifierType: "enum",
  qualifierDetails: '{"values":["en","el"]}',
  description: "",
  externalSource: "",
};

describe("qualifier form values", () => {
  it("start a new qualifier as an enum without values", () => {
    expect(qualifierFormValues(null)).toMatchObject({ qualifierKey: "", qualifierType: "enum", values: [] });
  });

  it("read the values of the details", () => {
    expect(qualifierFormValues(language).values).toEqual(["en", "el"]);
    expect(qualifierFormValues({ ...language, qualifierDetails: "not json" }).values).toEqual([]);
  });

  it("send the values of an enum qualifier as JSON, and none for a text qualifier", () => {
    const values = { ...qualifierFormValues(language), qualifierName: " Language " };
    expect(toQualifierFields(values)).toMatchObject({ qualifierName: "Language", qualifierDetails: '{"values":["en","el"]}' });
    expect(toQualifierFields({ ...values, qualifierType: "text" }).qualifierDetails).toBe('{"values":[]}');
  });
});
