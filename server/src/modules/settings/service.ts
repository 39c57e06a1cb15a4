// System settings: listing, validated updates, and typed reads other modules use.
import {
  PRODUCT_LANGUAGES,
  PRODUCT_VERSION,
  type PublicSettings,
  SETTING_KEYS,
  type SettingKey,
  type SystemSetting,
  type SystemSettingsUpdateBody,
} from "@repox/contracts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { BadRequest } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import { DEFAULT_POLLING_INTERVAL_SECONDS, DEFAULT_SETTINGS, DEFAULT_UPLOAD_SIZE_LIMIT_BYTES } from "./defaults.ts";
import * as repo from "./repository.ts";
import { acceptedValue } from "./values.ts";

type SettingRow = Awaited<ReturnType<typeof repo.listSettings>>[number];

/** Read-only settings whose value lives elsewhere: the tenant row (set by the operator) and the running build. */
function derivedValue(ctx: RequestContext, key: string): string | undefined {
  if (key === SETTING_KEYS.storageQuota) return String(ctx.tenant.storageQuota);
  if (key === SETTING_KEYS.productVersion) return PRODUCT_VERSION;
  return undefined;
}

function toSetting(ctx: RequestContext, row: SettingRow): SystemSetting {
  return {
    settingKey: row.setting_key,
    label: row.label,
    description: row.description,
    editable: row.editable,
    mandatory: row.mandatory,
    settingType: row.setting_type as SystemSetting["settingType"],
    settingDetails: row.setting_details,
    settingValue: derivedValue(ctx, row.setting_key) ?? row.setting_value,
  };
}

async function listAll(ctx: RequestContext, trx: Trx): Promise<SystemSetting[]> {
  return (await repo.listSettings(trx)).map((row) => toSetting(ctx, row));
}

function numberOr(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isFinite(number) ? number : fallback;
}

export function createSettingsService() {
  /** A stored value; pass `trx` when calling from inside an open transaction (PGlite has one connection). */
  async function storedValue(ctx: RequestContext, key: SettingKey, trx?: Trx): Promise<string | undefined> {
    const row = trx ? await repo.getSetting(trx, key) : await ctx.db.transaction((own) => repo.getSetting(own, key));
    return row?.setting_value;
  }

  return {
    async list(ctx: RequestContext): Promise<SystemSetting[]> {
      return ctx.db.transaction((trx) => listAll(ctx, trx));
    },

    /** Applies every change or none; answers the whole list as it is afterwards. */
    async update(ctx: RequestContext, changes: SystemSettingsUpdateBody): Promise<SystemSetting[]> {
      return ctx.db.transaction(async (trx) => {
        for (const change of changes) {
          const row = await repo.getSetting(trx, change.settingKey);
          if (!row) throw new BadRequest(`Unknown setting '${change.settingKey}'`);
          // The list GET answers comes back whole: a read-only setting sent as read is no change (issue 15 §4).
          if (!row.editable && change.settingValue === (derivedValue(ctx, row.setting_key) ?? row.setting_value)) continue;
          const value = acceptedValue(
            {
              label: row.label,
              editable: row.editable,
              mandatory: row.mandatory,
              settingType: row.setting_type,
              settingDetails: row.setting_details,
            },
            change.settingValue,
          );
          await repo.updateSettingValue(trx, change.settingKey, value);
        }
        return listAll(ctx, trx);
      });
    },

    async isRegistrationEnabled(ctx: RequestContext, trx?: Trx): Promise<boolean> {
      return (await storedValue(ctx, SETTING_KEYS.registrationEnabled, trx)) === "TRUE";
    },

    /** The largest upload, in bytes. */
    async uploadSizeLimit(ctx: RequestContext, trx?: Trx): Promise<number> {
      return numberOr(await storedValue(ctx, SETTING_KEYS.uploadSizeLimit, trx), DEFAULT_UPLOAD_SIZE_LIMIT_BYTES);
    },

    async pollingIntervalSeconds(ctx: RequestContext, trx?: Trx): Promise<number> {
      return numberOr(await storedValue(ctx, SETTING_KEYS.pollingInterval, trx), DEFAULT_POLLING_INTERVAL_SECONDS);
    },

    async productName(ctx: RequestContext, trx?: Trx): Promise<string> {
      return (await storedValue(ctx, SETTING_KEYS.productName, trx)) || "Repox";
    },

    async defaultLanguage(ctx: RequestContext, trx?: Trx): Promise<string> {
      return (await storedValue(ctx, SETTING_KEYS.defaultLanguage, trx)) || "en";
    },

    /** The container and datastream type codes WebDAV gives new folders and files; empty strings: none chosen. */
    async webdavDefaultTypes(ctx: RequestContext, trx?: Trx): Promise<{ container: string; datastream: string }> {
      return {
        container: ((await storedValue(ctx, SETTING_KEYS.webdavContainerType, trx)) ?? "").trim(),
        datastream: ((await storedValue(ctx, SETTING_KEYS.webdavDatastreamType, trx)) ?? "").trim(),
      };
    },

    /** The product name, default language and whether self-registration is open, for the public pages. */
    async publicSettings(ctx: RequestContext): Promise<PublicSettings> {
      return ctx.db.transaction(async (trx) => {
        const language = await this.defaultLanguage(ctx, trx);
        return {
          productName: await this.productName(ctx, trx),
          defaultLanguage: PRODUCT_LANGUAGES.find((known) => known === language) ?? "en",
          registrationEnabled: await this.isRegistrationEnabled(ctx, trx),
        };
      });
    },

    /** The tenant's storage quota in bytes, as the operator set it (tenants.storage_quota, the one source of truth). */
    storageQuotaBytes(ctx: RequestContext): number {
      return ctx.tenant.storageQuota;
    },

    /** Adds settings a tenant does not have yet, leaving chosen values alone. */
    seedDefaults(trx: Trx, tenantId: string): Promise<void> {
      return repo.insertMissingSettings(
        trx,
        DEFAULT_SETTINGS.map((s, position) => ({
          tenant_id: tenantId,
          setting_key: s.settingKey,
          label: s.label,
          description: s.description,
          editable: s.editable,
          mandatory: s.mandatory,
          setting_type: s.settingType,
          setting_details: s.settingDetails,
          setting_value: s.settingValue,
          position,
        })),
      );
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
