// The settings every tenant has, in the order the General page lists them. New entries here reach existing
// tenants at the next start; values a tenant already chose are kept.
import {
  DEFAULT_STORAGE_QUOTA_BYTES,
  PRODUCT_LANGUAGES,
  PRODUCT_VERSION,
  SETTING_KEYS,
  type SettingDetails,
  type SystemSetting,
} from "@repox/contracts";

const details = (value: SettingDetails) => JSON.stringify(value);
const GIB = 1024 ** 3;

export const DEFAULT_UPLOAD_SIZE_LIMIT_BYTES = 2 * GIB;
export const DEFAULT_POLLING_INTERVAL_SECONDS = 5;

export const DEFAULT_SETTINGS: readonly SystemSetting[] = [
  {
    settingKey: SETTING_KEYS.registrationEnabled,
    label: "Self-registration",
    description: "Let people create their own account from the sign-in page",
    editable: true,
    mandatory: true,
    settingType: "BOOLEAN",
    settingDetails: "{}",
    settingValue: "FALSE",
  },
  {
    settingKey: SETTING_KEYS.productName,
    label: "Product name",
    description: "The name the application shows to its users",
    editable: true,
    mandatory: true,
    settingType: "TEXT",
    settingDetails: details({ maxLength: 100 }),
    settingValue: "Repox",
  },
  {
    settingKey: SETTING_KEYS.defaultLanguage,
    label: "Default language",
    description: "The language of the interface for people who have not chosen one",
    editable: true,
    mandatory: true,
    settingType: "ENUM",
    settingDetails: details({ values: [...PRODUCT_LANGUAGES] }),
    settingValue: "en",
  },
  {
    settingKey: SETTING_KEYS.uploadSizeLimit,
    label: "Upload size limit",
    description: "The largest file, in bytes, that one upload may carry",
    editable: true,
    mandatory: true,
    settingType: "NUMBER",
    settingDetails: details({ unit: "bytes", integer: true, min: 1 }),
    settingValue: String(DEFAULT_UPLOAD_SIZE_LIMIT_BYTES),
  },
  {
    settingKey: SETTING_KEYS.pollingInterval,
    label: "Polling interval",
    description: "How often, in seconds, open pages ask the server for changes",
    editable: true,
    mandatory: true,
    settingType: "NUMBER",
    settingDetails: details({ unit: "seconds", integer: true, min: 1, max: 3600 }),
    settingValue: String(DEFAULT_POLLING_INTERVAL_SECONDS),
  },
  // The operator sets the quota per tenant (tenants.storage_quota); that column is the one source of truth and
  // the listed value is read from it, so a tenant cannot raise its own quota here.
  {
    settingKey: SETTING_KEYS.storageQuota,
    label: "Storage quota",
    description: "The storage, in bytes, this organisation may use; set by the operator of this installation",
    editable: false,
    mandatory: true,
    settingType: "NUMBER",
    settingDetails: details({ unit: "bytes", integer: true, min: 0 }),
    settingValue: String(DEFAULT_STORAGE_QUOTA_BYTES),
  },
  // Read from the running build, never from the stored row, so it is right after every upgrade.
  {
    settingKey: SETTING_KEYS.productVersion,
    label: "Product version",
    description: "The Repox release this installation runs",
    editable: false,
    mandatory: false,
    settingType: "TEXT",
    settingDetails: "{}",
    settingValue: PRODUCT_VERSION,
  },
  // Empty: WebDAV uses the first type the destination accepts (docs/standards.md "WebDAV").
  {
    settingKey: SETTING_KEYS.webdavContainerType,
    label: "WebDAV folder type",
    description: "The code of the container type a folder made over WebDAV gets; empty: the first type the parent accepts",
    editable: true,
    mandatory: false,
    settingType: "TEXT",
    settingDetails: details({ maxLength: 100 }),
    settingValue: "",
  },
  {
    settingKey: SETTING_KEYS.webdavDatastreamType,
    label: "WebDAV file type",
    description: "The code of the datastream type a file saved over WebDAV gets; empty: the first type the folder accepts",
    editable: true,
    mandatory: false,
    settingType: "TEXT",
    settingDetails: details({ maxLength: 100 }),
    settingValue: "",
  },
];
