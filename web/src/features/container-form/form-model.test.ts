import type { ContainerType, ContentProperty, PropertyTypeCode, TypeProperty } from "@repox/contracts";
import * as rules from "@repox/contracts/property-values";
import { describe, expect, it } from "vitest";
import {
  acceptedCodes,
  addInstance,
  createBody,
  fieldsFor,
  findProblems,
  propertyEntries,
  propertySteps,
  removeInstance,
  updateBody,
  updateInstance,
} from "./form-model.ts";

function property(key: string, type: PropertyTypeCode, flags: Partial<TypeProperty> = {}): TypeProperty {
  return {
    id: key.length,
    propertyKey: key,
    displayName: key.toUpperCase(),
    propertyType: type,
    propertyDetails: "{}",
    description: "",
    namespace: null,
    qualifiers: [],
    mandatory: false,
    editable: true,
    repeatable: false,
    groupId: null,
    position: 0,
    ...flags,
  };
}

const TYPE: ContainerType = {
  id: 1,
  code: "record",
  name: "Record",
  layout: "RECORD",
  containerAcceptance: "",
  datastreamAcceptance: "",
  allowedAtRoot: true,
  properties: [
    property("title", "text", { mandatory: true, groupId: 2 }),
    property("keywords", "text", { repeatable: true, groupId: 2, position: 1 }),
    property("year", "number", { groupId: 1 }),
    property("serial", "text", { editable: false }),
  ],
};

const stored = (key: string, instance: number, values: unknown): ContentProperty => ({
  key,
  value: JSON.stringify({ values, qualifiers: [] }),
  id: 1,
  label: key,
  propertyType: "text",
  groupId: null,
  position: 0,
  instance,
  mandatory: false,
  editable: true,
  repeatable: true,
});

describe("container form fields", () => {
  it("gives each property of the type one empty instance when creating", () => {
    const fields = fieldsFor(TYPE);
    expect(fields.map((field) => [field.property.propertyKey, field.instances.length])).toEqual([
      ["title", 1],
      ["keywords", 1],
      ["year", 1],
      ["serial", 1],
    ]);
    expect(fields[0]?.instances[0]?.input).toEqual({ type: "text", state: "" });
  });

  it("loads a container's instances in order when editing", () => {
    const fields = fieldsFor(TYPE, [stored("keywords", 1, "second"), stored("keywords", 0, "first"), stored("title", 0, "T")]);
    expect(fields[1]?.instances.map((instance) => instance.input.state)).toEqual(["first", "second"]);
    expect(fields[0]?.instances.map((instance) => instance.input.state)).toEqual(["T"]);
  });

  it("adds and removes instances of repeatable properties, never below one", () => {
    let fields = addInstance(fieldsFor(TYPE), "keywords");
    expect(fields[1]?.instances).toHaveLength(2);
    expect(addInstance(fields, "title")[0]?.instances).toHaveLength(1);
    const [first, second] = fields[1]?.instances ?? [];
    if (!first || !second) throw new Error("two instances expected");
    fields = removeInstance(fields, "keywords", first.id);
    expect(fields[1]?.instances.map((instance) => instance.id)).toEqual([second.id]);
    expect(removeInstance(fields, "keywords", second.id)[1]?.instances).toHaveLength(1);
  });

  it("sends filled instances in order, repeatable ones as entries with the same key", () => {
    let fields = addInstance(fieldsFor(TYPE), "keywords");
    const fill = (key: string, index: number, text: string) => {
      const instance = fields.find((field) => field.property.propertyKey === key)?.instances[index];
      if (!instance) throw new Error(`no instance ${key}[${index}]`);
      fields = updateInstance(fields, key, { ...instance, input: { type: "text", state: text } });
    };
    fill("title", 0, "Letters");
    fill("keywords", 0, "ink");
    fill("keywords", 1, "paper");
    fill("serial", 0, "S-1");
    const entries = propertyEntries(fields, rules, false);
    expect(entries).toEqual([
      { key: "title", value: JSON.stringify({ values: "Letters", qualifiers: [] }) },
      { key: "keywords", value: JSON.stringify({ values: "ink", qualifiers: [] }) },
      { key: "keywords", value: JSON.stringify({ values: "paper", qualifiers: [] }) },
      { key: "serial", value: JSON.stringify({ values: "S-1", qualifiers: [] }) },
    ]);
    // On update a property that is not editable keeps its stored value: it is not sent.
    expect(propertyEntries(fields, rules, true).map((entry) => entry.key)).toEqual(["title", "keywords", "keywords"]);
    expect(createBody(" Letters ", "record", entries)).toEqual({ label: "Letters", type: "record", properties: entries });
    expect(updateBody("u-1", "Letters", "record", [])).toEqual({ id: "u-1", label: "Letters", type: "record", properties: [] });
  });

  it("finds empty mandatory properties and values the server would refuse", () => {
    let fields = fieldsFor(TYPE);
    const year = fields[2]?.instances[0];
    if (!year) throw new Error("no year instance");
    fields = updateInstance(fields, "year", { ...year, input: { type: "number", state: "soon" } });
    const problems = findProblems(fields, rules);
    expect([...problems.emptyMandatory]).toEqual(["title"]);
    expect([...problems.invalid]).toEqual([[year.id, "YEAR: must be a number"]]);
  });

  it("orders steps by the type's groups, properties outside a group last", () => {
    const steps = propertySteps(TYPE.properties, [
      { id: 1, name: "Dates", description: "" },
      { id: 2, name: "Identity", description: "" },
    ]);
    expect(steps).toEqual([
      { groupId: 2, name: "Identity", keys: ["title", "keywords"] },
      { groupId: 1, name: "Dates", keys: ["year"] },
      { groupId: null, name: null, keys: ["serial"] },
    ]);
  });

  it("reads acceptance lists; empty means every type", () => {
    expect(acceptedCodes("Book; chapter;;")).toEqual(["book", "chapter"]);
    expect(acceptedCodes("")).toEqual([]);
  });
});
