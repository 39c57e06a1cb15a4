// Creating tenants (CLI, platform API, first start) and bringing existing tenants up to date at start.
import { DEFAULT_STORAGE_QUOTA_BYTES, type Tenant, type TenantCreateBody } from "@repox/contracts";
import type { Db } from "../../platform/db/database.ts";
import { enterTenant, inTenant } from "../../platform/db/tenant-transaction.ts";
import { Conflict } from "../../platform/errors.ts";
import type { IamService } from "../iam/service.ts";
import type { SettingsService } from "../settings/service.ts";
import * as repo from "./repository.ts";

type TenantRow = Awaited<ReturnType<typeof repo.listTenants>>[number];

function toTenant(row: TenantRow): Tenant {
  return { code: row.code, name: row.name, storageQuota: Number(row.storage_quota), createdAt: row.created_at.toISOString() };
}

export function createTenantsService(db: Db, { iam, settings }: { iam: IamService; settings: SettingsService }) {
  return {
    async list(): Promise<Tenant[]> {
      return (await repo.listTenants(db)).map(toTenant);
    },

    /** One transaction: the tenant row, its settings, its Administrators group and first administrator. */
    async create(body: TenantCreateBody): Promise<Tenant> {
      if (await repo.findTenant(db, body.code)) throw new Conflict(`A tenant with code '${body.code}' already exists`);
      const row = await db.transaction().execute(async (trx) => {
        const tenant = await repo.insertTenant(trx, {
          code: body.code,
          name: body.name,
          storage_quota: body.storageQuota ?? DEFAULT_STORAGE_QUOTA_BYTES,
        });
        await enterTenant(trx, tenant.id);
        await settings.seedDefaults(trx, tenant.id);
        await iam.createAdministrator(trx, tenant.id, {
          username: body.adminUsername,
          email: body.adminEmail ?? `${body.adminUsername.toLowerCase().replace(/[^a-z0-9._-]/g, "")}@${body.code}.repox.local`,
          password: body.adminPassword,
        });
        return tenant;
      });
      return toTenant(row);
    },

    exists: async (code: string) => (await repo.findTenant(db, code)) !== undefined,

    /** At start: settings and permissions added by a newer release reach every existing tenant. */
    async upgradeAll(): Promise<void> {
      for (const tenant of await repo.listTenants(db)) {
        await inTenant(db, tenant.id, async (trx) => {
          await settings.seedDefaults(trx, tenant.id);
          await iam.grantNewPermissionsToAdministrators(trx, tenant.id);
        });
      }
    },
  };
}

export type TenantsService = ReturnType<typeof createTenantsService>;
