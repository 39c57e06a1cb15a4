import type { ContainerType, DatastreamType, Property } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { splitCodes, toTypeBody, typeFormValues } from "./type-values.ts";

const title: Property = {
  id: 3,
  propertyKey: "title",
  displayName: "Title",
  propertyType: "text",
  propertyDetails: "{}",
  description: "",
  namespace: null,
  qualifiers: [],
  mandatory: true,
  editable: true,
  repeatable: false,
  groupId: null,
  position: 0,
};

const collection: ContainerType = {
  id: 5,
  code: "collection",
  name: "Collection",
  layout: "CATALOGUING",
  containerAcceptance: "book;folder",
  datastreamAcceptance: "",
  allowedAtRoot: true,
  properties: [title],
};

describe("type form values", () => {
  it("start a new type empty, with the default layout and every type accepted", () => {
    expect(typeFormValues(null)).toEqual({
      code: "",
      name: "",
      layout: "DEFAULT",
      containerAcceptance: [],
      datastreamAcceptance: [],
      allowedAtRoot: false,
      properties: [],
    });
  });

  it("split acceptance lists into codes", () => {
    expect(splitCodes("book; folder;;")).toEqual(["book", "folder"]);
    expect(typeFormValues(collection).containerAcceptance).toEqual(["book", "folder"]);
    expect(typeFormValues(collection).properties).toEqual([
      {
        propertyKey: "title",
        displayName: "Title",
        propertyType: "text",
        groupId: null,
        mandatory: true,
        editable: true,
        repeatable: false,
      },
    ]);
  });

  it("become a container type body with the id, a lowercased code and joined codes", () => {
    const values = { ...typeFormValues(collection), code: "Collection ", name: " Collection ", datastreamAcceptance: ["image", "pdf"] };
    expect(toTypeBody("container", 5, values, [])).toEqual({
      container: {
        id: 5,
        code: "collection",
        name: "Collection",
        layout: "CATALOGUING",
        containerAcceptance: "book;folder",
        datastreamAcceptance: "image;pdf",
        allowedAtRoot: true,
      },
      properties: [{ propertyKey: "title", groupId: null, position: 0, mandatory: true, editable: true, repeatable: false }],
    });
  });

  it("become a datastream type body without container fields, and without an id on create", () => {
    const image: DatastreamType = { id: 2, code: "image", name: "Image", layout: "RECORD", datastreamAcceptance: "pdf", properties: [] };
    expect(toTypeBody("datastream", null, typeFormValues(image), [])).toEqual({
      dataStream: { code: "image", name: "Image", layout: "RECORD", datastreamAcceptance: "pdf" },
      properties: [],
    });
  });
});
