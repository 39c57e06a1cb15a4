// The permission catalogue: every code a group can grant, grouped as the Permissions tab shows them.
import { z } from "zod";

export const PERMISSIONS = {
  containerPublish: "repox.store.container.publish",
  contentEdit: "repox.store.content.edit",
  contentDelete: "repox.store.content.delete",
  contentExport: "repox.store.content.export",
  contentImport: "repox.store.content.import",
  tagsEdit: "repox.store.tags.edit",
  reportsShow: "repox.store.reports.show",
  settingsSystemShow: "repox.store.settings.system.show",
  settingsSystemEdit: "repox.store.settings.system.edit",
  settingsContentModelShow: "repox.store.settings.content_model.show",
  settingsContentModelEdit: "repox.store.settings.content_model.edit",
  settingsIamShow: "repox.store.settings.iam.show",
  settingsIamEdit: "repox.store.settings.iam.edit",
  surveysShow: "repox.surveys.show",
  surveysEdit: "repox.surveys.edit",
  storiesShow: "repox.stories.show",
  storiesEdit: "repox.stories.edit",
} as const;
export type PermissionCode = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

export const PermissionSection = z.enum(["Store", "Surveys", "Stories"]);
export type PermissionSection = z.infer<typeof PermissionSection>;

export const Permission = z.object({ code: z.string(), name: z.string(), section: PermissionSection });
export type Permission = z.infer<typeof Permission>;

export const PERMISSION_CATALOGUE: readonly Permission[] = [
  { section: "Store", code: PERMISSIONS.containerPublish, name: "Publish and unpublish containers" },
  { section: "Store", code: PERMISSIONS.contentEdit, name: "Create, edit, move and link content" },
  { section: "Store", code: PERMISSIONS.contentDelete, name: "Remove content and empty the trash" },
  { section: "Store", code: PERMISSIONS.contentExport, name: "Export content" },
  { section: "Store", code: PERMISSIONS.contentImport, name: "Import content from spreadsheets" },
  { section: "Store", code: PERMISSIONS.tagsEdit, name: "Create, edit and delete tags" },
  { section: "Store", code: PERMISSIONS.reportsShow, name: "View reports" },
  { section: "Store", code: PERMISSIONS.settingsSystemShow, name: "View general settings" },
  { section: "Store", code: PERMISSIONS.settingsSystemEdit, name: "Change general settings" },
  { section: "Store", code: PERMISSIONS.settingsContentModelShow, name: "View the content model" },
  { section: "Store", code: PERMISSIONS.settingsContentModelEdit, name: "Change the content model" },
  { section: "Store", code: PERMISSIONS.settingsIamShow, name: "View users and groups" },
  { section: "Store", code: PERMISSIONS.settingsIamEdit, name: "Manage users, groups and permissions" },
  { section: "Surveys", code: PERMISSIONS.surveysShow, name: "Use surveys and contacts" },
  { section: "Surveys", code: PERMISSIONS.surveysEdit, name: "Create and edit surveys and contacts" },
  { section: "Stories", code: PERMISSIONS.storiesShow, name: "Use stories, screens and websites" },
  { section: "Stories", code: PERMISSIONS.storiesEdit, name: "Create and edit stories, screens and websites" },
];

export const ALL_PERMISSION_CODES: readonly string[] = PERMISSION_CATALOGUE.map((p) => p.code);

export const PermissionCatalogue = z.object({
  storePermissions: z.array(Permission),
  surveyPermissions: z.array(Permission),
  storiesPermissions: z.array(Permission),
});
export type PermissionCatalogue = z.infer<typeof PermissionCatalogue>;

export const MyPermissions = z.array(z.string());
