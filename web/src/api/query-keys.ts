// Server-state cache keys, in one place so an area can refresh another's data without importing it.
export const queryKeys = {
  users: ["users"] as const,
  groups: ["groups"] as const,
  permissionCatalogue: ["iam", "permissions"] as const,
  myPermissions: ["my", "permissions"] as const,
  profile: ["my", "profile"] as const,
  appPasswords: ["my", "app-passwords"] as const,
  systemSettings: ["system-settings"] as const,
  publicSettings: ["public-settings"] as const,
  tags: ["tags"] as const,
  /** Namespaces, qualifiers, property groups, properties, languages and the options the property editor loads. */
  contentModel: ["content-model"] as const,
  /** Everything of the content area (folders, datastreams, activity, reports): refreshed together after a change. */
  containers: ["containers"] as const,
  /** The contact list and what reads it (the survey share picker). */
  contacts: ["contacts"] as const,
  /** Stories: the list, one story and what lists stories (editor, screens, websites). */
  stories: ["stories"] as const,
};
