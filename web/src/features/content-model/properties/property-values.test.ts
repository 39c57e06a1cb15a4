import type { Property } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { propertyFormValues, toPropertyCreateBody, toPropertyUpdateBody } from "./property-values.ts";

const property: Property = {
  id: 3,
  propertyKey: "colour",
  displayName: "Colour",
  propertyType: "enum",
  propertyDetails: '{"values":["red","green"]}',
  description: "Main colour",
  namespace: "dc",
  qualifiers: [],
  mandatory: true,
  editable: false,
  repeatable: true,
  groupId: 7,
  position: 4,
};

describe("property form values", () => {
  it("start a new property as an editable text", () => {
    const values = propertyFormValues(null);
    expect(values).toMatchObject({ propertyKey: "", propertyType: "text", editable: true, mandatory: false, groupId: null });
  });

  it("read the choices of an enum and the group as text", () => {
    expect(propertyFormValues(property)).toMatchObject({ values: ["red", "green"], groupId: "7", namespace: "dc", position: 4 });
  });

  it("read the container types of a reference and the vocabulary of a vocabulary-flat property", () => {
    const reference = { ...property, propertyType: "reference" as const, propertyDetails: '{"containerTypes":["book"]}' };
    expect(propertyFormValues(reference).containerTypes).toEqual(["book"]);
    const uuid = "3f1b0c5e-8d2a-4c1e-9b7a-2e6f4d8c1a90";
    const vocabulary = {
      ...property,
      propertyType: "vocabulary-flat" as const,
      propertyDetails: `{"vocabularyId":"${uuid}","values":["t1"]}`,
    };
    expect(propertyFormValues(vocabulary)).toMatchObject({ vocabularyId: uuid, vocabularyValues: ["t1"] });
  });

  it("become a body with the details of the chosen type as JSON", () => {
    const body = toPropertyUpdateBody({ ...propertyFormValues(property), displayName: " Colour ", values: [" red ", "blue"] });
    expect(body).toMatchObject({ displayName: "Colour", propertyDetails: '{"values":["red","blue"]}', groupId: 7, position: 4 });
    const number = toPropertyUpdateBody({ ...propertyFormValues(property), propertyType: "number" });
    expect(number.propertyDetails).toBe("{}");
  });

  it("drop qualifiers of types that are not language-aware, and keep those of text", () => {
    const values = { ...propertyFormValues(null), propertyKey: " title ", qualifiers: ["lang"] };
    expect(toPropertyCreateBody(values)).toMatchObject({ propertyKey: "title", qualifiers: ["lang"] });
    expect(toPropertyCreateBody({ ...values, propertyType: "number" }).qualifiers).toEqual([]);
  });

  it("send no namespace or group when none is chosen, and position 0 when it is not a whole number", () => {
    const body = toPropertyUpdateBody({ ...propertyFormValues(null), namespace: "", groupId: null, position: "" });
    expect(body).toMatchObject({ namespace: null, groupId: null, position: 0 });
  });
});
