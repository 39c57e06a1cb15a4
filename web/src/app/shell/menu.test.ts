import { PERMISSIONS, type PermissionCode } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { appsFor, areaOf, menuFor } from "./menu.ts";

const holding =
  (...codes: PermissionCode[]) =>
  (code: PermissionCode) =>
    codes.includes(code);
const paths = (pathname: string, can: (code: PermissionCode) => boolean) =>
  menuFor(pathname, can).flatMap((section) => section.entries.map((entry) => entry.path));

describe("areaOf", () => {
  it("picks the area by the first path segment", () => {
    expect(areaOf("/containers/abc")).toBe("store");
    expect(areaOf("/settings/users")).toBe("store");
    expect(areaOf("/contacts")).toBe("surveys");
    expect(areaOf("/screen-app")).toBe("stories");
    expect(areaOf("/guide/new")).toBe("guide");
  });
});

describe("menuFor", () => {
  it("shows only the always-visible entries without permissions", () => {
    expect(paths("/containers", holding())).toEqual(["/containers", "/recent", "/starred", "/trash", "/storage", "/settings/tags"]);
  });

  it("adds Reports and settings entries per permission", () => {
    const all = holding(
      PERMISSIONS.reportsShow,
      PERMISSIONS.settingsSystemShow,
      PERMISSIONS.settingsContentModelShow,
      PERMISSIONS.settingsIamShow,
    );
    expect(paths("/containers", all)).toEqual([
      "/containers",
      "/recent",
      "/starred",
      "/reports",
      "/trash",
      "/storage",
      "/settings/general",
      "/settings/content-model",
      "/settings/groups",
      "/settings/users",
      "/settings/tags",
    ]);
  });

  it("lists the stories area for stories paths", () => {
    expect(paths("/websites", holding())).toEqual(["/stories", "/screens", "/websites", "/screen-app"]);
  });
});

describe("appsFor", () => {
  it("gates Surveys and Stories", () => {
    expect(appsFor(holding()).map((app) => app.path)).toEqual(["/containers", "/guide"]);
    expect(appsFor(holding(PERMISSIONS.surveysShow, PERMISSIONS.storiesShow)).map((app) => app.path)).toEqual([
      "/containers",
      "/surveys",
      "/stories",
      "/guide",
    ]);
  });
});
