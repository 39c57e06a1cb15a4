import type { Group, UserMember } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { groupFormValues, toGroupCreateBody, toGroupUpdateBody, toggleCode, toggleMember } from "./group-values.ts";

const rita: UserMember = {
  uuid: "3f8a3a8e-52b4-4f7e-9c55-5d1c2b0c9a11",
  username: "rita",
  firstname: "Rita",
  lastname: "R",
  email: "r@x.org",
};
const ana: UserMember = {
  uuid: "9b1f0c77-1d2e-4a5b-8c9d-0e1f2a3b4c5d",
  username: "ana",
  firstname: "Ana",
  lastname: "A",
  email: "a@x.org",
};
const group: Group = { id: 7, name: "Reporters", description: "", iamPermissions: ["repox.store.reports.show"], users: [rita] };

describe("group bodies", () => {
  it("creates with name, description and member uuids, no grants", () => {
    expect(toGroupCreateBody({ ...groupFormValues(null), name: " Editors ", users: [ana] })).toEqual({
      name: "Editors",
      description: "",
      users: [ana.uuid],
      iamPermissions: [],
    });
  });

  it("updates with id, grants and member uuids", () => {
    expect(toGroupUpdateBody(7, groupFormValues(group))).toEqual({
      id: 7,
      name: "Reporters",
      description: "",
      users: [rita.uuid],
      iamPermissions: ["repox.store.reports.show"],
    });
  });
});

describe("toggles", () => {
  it("adds and removes members without duplicates", () => {
    expect(toggleMember([rita], ana, true)).toEqual([rita, ana]);
    expect(toggleMember([rita, ana], rita, true)).toEqual([ana, rita]);
    expect(toggleMember([rita, ana], rita, false)).toEqual([ana]);
  });

  it("adds and removes permission codes", () => {
    expect(toggleCode([], "a", true)).toEqual(["a"]);
    expect(toggleCode(["a", "b"], "a", false)).toEqual(["b"]);
  });
});
