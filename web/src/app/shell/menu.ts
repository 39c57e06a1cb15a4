// What the side menu lists: chosen by the first path segment, filtered by the caller's permissions (spec 1 §2, spec 3 "Top bar").
import { PERMISSIONS, type PermissionCode } from "@repox/contracts";
import type { TranslationKey } from "../i18n/index.ts";

export type MenuArea = "store" | "surveys" | "stories" | "guide";
export type MenuEntry = { path: string; label: TranslationKey; permission?: PermissionCode };
export type MenuSection = { title?: TranslationKey; entries: MenuEntry[] };

const STORE: MenuSection[] = [
  {
    entries: [
      { path: "/containers", label: "menu.myContent" },
      { path: "/recent", label: "menu.recent" },
      { path: "/starred", label: "menu.starred" },
      { path: "/reports", label: "menu.reports", permission: PERMISSIONS.reportsShow },
      { path: "/trash", label: "menu.trash" },
      { path: "/storage", label: "menu.storage" },
    ],
  },
  {
    title: "menu.settings",
    entries: [
      { path: "/settings/general", label: "menu.general", permission: PERMISSIONS.settingsSystemShow },
      { path: "/settings/content-model", label: "menu.contentModel", permission: PERMISSIONS.settingsContentModelShow },
      { path: "/settings/groups", label: "menu.groups", permission: PERMISSIONS.settingsIamShow },
      { path: "/settings/users", label: "menu.users", permission: PERMISSIONS.settingsIamShow },
      { path: "/settings/tags", label: "menu.tags" },
    ],
  },
];

const MENUS: Record<MenuArea, MenuSection[]> = {
  store: STORE,
  surveys: [
    {
      entries: [
        { path: "/surveys", label: "menu.surveys" },
        { path: "/contacts", label: "menu.contacts" },
      ],
    },
  ],
  stories: [
    {
      entries: [
        { path: "/stories", label: "menu.stories" },
        { path: "/screens", label: "menu.screens" },
        { path: "/websites", label: "menu.websites" },
        { path: "/screen-app", label: "menu.screenApp" },
      ],
    },
  ],
  guide: [{ entries: [{ path: "/guide", label: "menu.guides" }] }],
};

const AREA_BY_SEGMENT: Record<string, MenuArea> = {
  surveys: "surveys",
  contacts: "surveys",
  stories: "stories",
  screens: "stories",
  "screen-app": "stories",
  websites: "stories",
  guide: "guide",
};

export function areaOf(pathname: string): MenuArea {
  const segment = pathname.split("/")[1] ?? "";
  return AREA_BY_SEGMENT[segment] ?? "store";
}

export function menuFor(pathname: string, can: (code: PermissionCode) => boolean): MenuSection[] {
  return MENUS[areaOf(pathname)]
    .map((section) => ({ ...section, entries: section.entries.filter((entry) => !entry.permission || can(entry.permission)) }))
    .filter((section) => section.entries.length > 0);
}

export type AppLink = { path: string; label: TranslationKey; permission?: PermissionCode };

/** The app switcher: Store and Guide always, Surveys and Stories with their permissions. */
const APPS: AppLink[] = [
  { path: "/containers", label: "app.areas.store" },
  { path: "/surveys", label: "app.areas.surveys", permission: PERMISSIONS.surveysShow },
  { path: "/stories", label: "app.areas.stories", permission: PERMISSIONS.storiesShow },
  { path: "/guide", label: "app.areas.guide" },
];

export function appsFor(can: (code: PermissionCode) => boolean): AppLink[] {
  return APPS.filter((app) => !app.permission || can(app.permission));
}
