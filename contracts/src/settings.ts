// System settings (spec 2 "General settings"); issue-level features read their switches here.
import { z } from "zod";

export const SettingType = z.enum(["BOOLEAN", "ENUM", "TEXT", "NUMBER"]);
export type SettingType = z.infer<typeof SettingType>;

export const SETTING_KEYS = {
  registrationEnabled: "REGISTRATION_ENABLED",
  productName: "PRODUCT_NAME",
  defaultLanguage: "DEFAULT_LANGUAGE",
  uploadSizeLimit: "UPLOAD_SIZE_LIMIT",
  pollingInterval: "POLLING_INTERVAL",
  storageQuota: "STORAGE_QUOTA",
  productVersion: "PRODUCT_VERSION",
  webdavContainerType: "WEBDAV_DEFAULT_CONTAINER_TYPE",
  webdavDatastreamType: "WEBDAV_DEFAULT_DATASTREAM_TYPE",
} as const;
export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS];

/** The release this build is; shown read-only as the PRODUCT_VERSION setting. */
export const PRODUCT_VERSION = "1.0.0";

/** Languages the product speaks (spec 1 §1): the DEFAULT_LANGUAGE setting offers these. */
export const PRODUCT_LANGUAGES = ["en", "el", "it", "sr", "es"] as const;

/** What the public pages (sign-in, register) need of the settings: nothing secret, served without sign-in. */
export const PublicSettings = z.object({
  productName: z.string(),
  defaultLanguage: z.enum(PRODUCT_LANGUAGES),
  registrationEnabled: z.boolean(),
});
export type PublicSettings = z.infer<typeof PublicSettings>;

export const SystemSetting = z.object({
  settingKey: z.string(),
  label: z.string(),
  description: z.string(),
  editable: z.boolean(),
  mandatory: z.boolean(),
  settingType: SettingType,
  settingDetails: z.string(),
  settingValue: z.string(),
});
export type SystemSetting = z.infer<typeof SystemSetting>;

export const SystemSettingUpdate = z.object({
  settingKey: z.string().min(1).max(100),
  settingValue: z.string().max(10_000),
});
export const SystemSettingsUpdateBody = z.array(SystemSettingUpdate).min(1).max(200);
export type SystemSettingsUpdateBody = z.infer<typeof SystemSettingsUpdateBody>;

/**
 * What `settingDetails` (a JSON string) may hold: `values` for ENUM; `unit`, `min`, `max`, `integer` for NUMBER;
 * `maxLength` for TEXT. The server validates updates with it and the UI shows values and inputs by it.
 */
export const SettingDetails = z.object({
  values: z.array(z.string()).optional(),
  unit: z.enum(["bytes", "seconds"]).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  integer: z.boolean().optional(),
  maxLength: z.number().int().min(1).optional(),
});
export type SettingDetails = z.infer<typeof SettingDetails>;

/** The details of a setting; details that are not valid JSON of that shape count as none. */
export function readSettingDetails(json: string): SettingDetails {
  try {
    const parsed = SettingDetails.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
