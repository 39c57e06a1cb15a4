// A user's own app passwords (My profile): create (the secret answered once), list, revoke; and the lookup the HTTP
// Basic credentials check (modules/auth/basic-credentials.ts) makes.
import {
  APP_PASSWORD_LIMITS,
  type AppPassword,
  type AppPasswordCreateBody,
  type AppPasswordCreated,
  type AppPasswordList,
} from "@repox/contracts";
import { afterCommit, type TenantDb } from "../../platform/db/tenant-transaction.ts";
import { Conflict, NotFound } from "../../platform/errors.ts";
import type { SignedInContext } from "../../platform/http/access.ts";
import * as repo from "./repository.ts";
import { hashAppPasswordSecret, newAppPasswordSecret } from "./secret.ts";

/** `last_used_at` is written at most this often per app password: a WebDAV client signs every request. */
export const LAST_USED_PRECISION_MS = 60_000;

export type RevokedAppPassword = { tenantId: string; userId: string; id: string };

const toAppPassword = (row: repo.AppPasswordRow): AppPassword => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});

export function createAppPasswordsService() {
  const revokedListeners: ((revoked: RevokedAppPassword) => void)[] = [];

  return {
    async list(ctx: SignedInContext): Promise<AppPasswordList> {
      const rows = await ctx.db.transaction((trx) => repo.listAppPasswords(trx, ctx.user.id));
      return { content: rows.map(toAppPassword) };
    },

    async create(ctx: SignedInContext, body: AppPasswordCreateBody): Promise<AppPasswordCreated> {
      const secret = newAppPasswordSecret();
      const row = await ctx.db.transaction(async (trx) => {
        await repo.lockUserAppPasswords(trx, ctx.user.id);
        if ((await repo.countAppPasswords(trx, ctx.user.id)) >= APP_PASSWORD_LIMITS.perUser) {
          throw new Conflict(`You already have ${APP_PASSWORD_LIMITS.perUser} app passwords. Revoke one you no longer use first.`);
        }
        return repo.insertAppPassword(trx, {
          tenant_id: ctx.tenant.id,
          user_id: ctx.user.id,
          name: body.name,
          secret_hash: hashAppPasswordSecret(secret),
        });
      });
      return { ...toAppPassword(row), secret };
    },

    /** Only the caller's own; once committed, the credentials check of this process forgets it at once. */
    async revoke(ctx: SignedInContext, id: string): Promise<void> {
      await ctx.db.transaction(async (trx) => {
        if (!(await repo.deleteAppPassword(trx, ctx.user.id, id))) throw new NotFound(`App password ${id} not found`);
        const revoked = { tenantId: ctx.tenant.id, userId: ctx.user.id, id };
        afterCommit(trx, () => {
          for (const listener of revokedListeners) listener(revoked);
        });
      });
    },

    onRevoked(listener: (revoked: RevokedAppPassword) => void): void {
      revokedListeners.push(listener);
    },

    /** The user's app password with this secret, if any; notes its use when the last note is older than a minute. */
    async signInWith(db: TenantDb, userId: string, secret: string): Promise<{ id: string } | undefined> {
      return db.transaction(async (trx) => {
        const found = await repo.findBySecretHash(trx, userId, hashAppPasswordSecret(secret));
        if (!found) return undefined;
        const now = new Date();
        if (!found.last_used_at || now.getTime() - found.last_used_at.getTime() >= LAST_USED_PRECISION_MS) {
          await repo.touchAppPassword(trx, found.id, now);
        }
        return { id: found.id };
      });
    },
  };
}

export type AppPasswordsService = ReturnType<typeof createAppPasswordsService>;
