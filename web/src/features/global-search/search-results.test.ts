import type { SearchResults } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { entryPath, findEntry, searchEntries, searchSections, searchTextOf } from "./search-results.ts";

const type = { code: "item", name: "Item", layout: "DEFAULT" as const };
const container = (uuid: string, label: string) => ({ uuid, label, type, createdBy: null, createdAt: "2025-03-03T10:00:00" });
const datastream = (uuid: string, parentUuid: string | null) => ({
  uuid,
  label: `${uuid}.png`,
  type,
  mimeType: "image/png",
  filesize: 10,
  thumbnailStatus: "ready" as const,
  createdBy: null,
  createdAt: "2025-03-03T10:00:00",
  parentUuid,
  membership: parentUuid ? [{ uuid: parentUuid }] : [],
});
const user = { uuid: "u1", username: "rita", firstname: "Rita", lastname: "Reporter", email: "rita@example.org" };
const group = { id: 7, name: "Curators", description: "" };

const results = (part: Partial<SearchResults>): SearchResults => ({ containers: [], datastreams: [], users: [], groups: [], ...part });

describe("searchTextOf", () => {
  it("searches from 3 characters on, trimmed", () => {
    expect(searchTextOf("caf")).toBe("caf");
    expect(searchTextOf("  café müller ")).toBe("café müller");
  });

  it("searches nothing for fewer than 3 characters, spaces not counted", () => {
    expect(searchTextOf("")).toBe("");
    expect(searchTextOf("ca")).toBe("");
    expect(searchTextOf(" ca  ")).toBe("");
  });

  it("counts characters, not code units", () => {
    expect(searchTextOf("𝔸𝔹")).toBe("");
    expect(searchTextOf("Μου")).toBe("Μου");
  });
});

describe("searchSections", () => {
  it("lists containers, files, users and groups in that order, leaving empty groups out", () => {
    const sections = searchSections(
      results({ groups: [group], datastreams: [datastream("d1", "c1")], containers: [container("c1", "Café Müller")] }),
    );
    expect(sections.map((section) => section.kind)).toEqual(["containers", "datastreams", "groups"]);
  });

  it("answers no sections when every group is empty", () => {
    expect(searchSections(results({}))).toEqual([]);
  });

  it("walks the hits group by group, each with its own value", () => {
    const sections = searchSections(
      results({
        containers: [container("c1", "A"), container("c2", "B")],
        datastreams: [datastream("d1", "c1")],
        users: [user],
        groups: [group],
      }),
    );
    expect(searchEntries(sections).map((entry) => entry.value)).toEqual([
      "container:c1",
      "container:c2",
      "datastream:d1",
      "user:u1",
      "group:7",
    ]);
    expect(findEntry(sections, "datastream:d1")?.kind).toBe("datastreams");
    expect(findEntry(sections, "container:nope")).toBeUndefined();
  });
});

describe("entryPath", () => {
  const only = (part: Partial<SearchResults>) => {
    const [entry] = searchEntries(searchSections(results(part)));
    if (!entry) throw new Error("no entry");
    return entry;
  };

  it("opens a container's page", () => {
    expect(entryPath(only({ containers: [container("c1", "A")] }))).toBe("/containers/c1");
  });

  it("previews a file over its container, or opens its own page when no container holds it", () => {
    expect(entryPath(only({ datastreams: [datastream("d1", "c1")] }))).toBe("/containers/c1?datastream=d1");
    expect(entryPath(only({ datastreams: [datastream("d1", null)] }))).toBe("/datastreams/d1");
  });

  it("opens the editor of a user or a group", () => {
    expect(entryPath(only({ users: [user] }))).toBe("/settings/users/u1");
    expect(entryPath(only({ groups: [group] }))).toBe("/settings/groups/7");
  });
});
