// Users, groups, permissions and the caller's profile: the rules around the IAM tables.
import {
  ALL_PERMISSION_CODES,
  type Group,
  type GroupCreateBody,
  type GroupUpdateBody,
  type Page,
  type PageQuery,
  PERMISSION_CATALOGUE,
  type PermissionCatalogue,
  type Profile,
  type ProfileUpdateBody,
  type SearchGroupHit,
  type SearchUserHit,
  type SetPasswordBody,
  toPage,
  type User,
  type UserCreateBody,
  type UserUpdateBody,
} from "@repox/contracts";
import { hashPassword } from "../../platform/auth/passwords.ts";
import { nextSessionEpoch } from "../../platform/auth/tokens.ts";
import { afterCommit, type TenantDb, type Trx } from "../../platform/db/tenant-transaction.ts";
import { BadRequest, Conflict, NotFound } from "../../platform/errors.ts";
import type { Principal, RequestContext, SignedInContext } from "../../platform/http/access.ts";
import type { PrincipalCache } from "./principal-cache.ts";
import * as repo from "./repository.ts";

function toUser(row: repo.UserRow): User {
  return {
    uuid: row.id,
    username: row.username,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    locked: row.locked,
    groups: row.groups,
    createdAt: row.created_at.toISOString(),
  };
}

function toGroup(row: repo.GroupRow): Group {
  return { id: row.id, name: row.name, description: row.description, iamPermissions: row.permissions, users: row.users };
}

function offsetOf({ page, size }: PageQuery) {
  return { offset: page * size, limit: size };
}

async function requireUser(trx: Trx, id: string): Promise<repo.UserRow> {
  const user = await repo.getUser(trx, id);
  if (!user) throw new NotFound(`User ${id} not found`);
  return user;
}

async function requireGroup(trx: Trx, id: number): Promise<repo.GroupRow> {
  const group = await repo.getGroup(trx, id);
  if (!group) throw new NotFound(`Group ${id} not found`);
  return group;
}

async function assertUniqueIdentity(trx: Trx, fields: { username: string; email: string }, exceptId?: string) {
  const byName = await repo.findCredentialsByUsername(trx, fields.username);
  if (byName && byName.id !== exceptId) throw new Conflict(`A user with username '${fields.username}' already exists`);
  const byEmail = await repo.findUserIdByEmail(trx, fields.email);
  if (byEmail && byEmail.id !== exceptId) throw new Conflict(`A user with e-mail '${fields.email}' already exists`);
}

async function assertGroupsExist(trx: Trx, ids: readonly number[]) {
  const existing = new Set(await repo.findExistingGroupIds(trx, ids));
  const missing = ids.find((id) => !existing.has(id));
  if (missing !== undefined) throw new BadRequest(`Unknown group id ${missing}`);
}

async function assertUsersExist(trx: Trx, ids: readonly string[]) {
  const existing = new Set(await repo.findExistingUserIds(trx, ids));
  const missing = ids.find((id) => !existing.has(id));
  if (missing !== undefined) throw new BadRequest(`Unknown user ${missing}`);
}

function assertKnownPermissions(codes: readonly string[]) {
  const unknown = codes.find((code) => !ALL_PERMISSION_CODES.includes(code));
  if (unknown !== undefined) throw new BadRequest(`Unknown permission code '${unknown}'`);
}

/** Nobody may lock everyone out: some unlocked user must stay in the Administrators group. */
async function assertAdministratorRemains(trx: Trx) {
  if ((await repo.countAdministratorsWithAccess(trx)) === 0) {
    throw new Conflict("This would leave no unlocked user in the Administrators group");
  }
}

async function assertGroupNameFree(trx: Trx, name: string, exceptId?: number) {
  const clash = await repo.findGroupIdByName(trx, name);
  if (clash !== undefined && clash !== exceptId) throw new Conflict(`A group named '${name}' already exists`);
}

const memberIds = (users: GroupCreateBody["users"]) => [...new Set(users.map((u) => (typeof u === "string" ? u : u.uuid)))];

export function createIamService({ principals }: { principals: PrincipalCache }) {
  /**
   * Every write to what a principal is read from goes through here: once its transaction commits, this process's
   * next request of the tenant reads the IAM version again (principal-cache.ts). The version itself moves by trigger.
   */
  function changesPrincipals(trx: Trx, tenantId: string): void {
    afterCommit(trx, () => principals.changed(tenantId));
  }

  /** A transaction of the caller's tenant that writes IAM data. */
  function iamWrite<T>(ctx: RequestContext, work: (trx: Trx) => Promise<T>): Promise<T> {
    return ctx.db.transaction((trx) => {
      changesPrincipals(trx, ctx.tenant.id);
      return work(trx);
    });
  }

  return {
    catalogue(): PermissionCatalogue {
      return {
        storePermissions: PERMISSION_CATALOGUE.filter((p) => p.section === "Store"),
        surveyPermissions: PERMISSION_CATALOGUE.filter((p) => p.section === "Surveys"),
        storiesPermissions: PERMISSION_CATALOGUE.filter((p) => p.section === "Stories"),
      };
    },

    myPermissions(ctx: RequestContext): string[] {
      return [...ctx.permissions].sort();
    },

    /** The caller's principal for the access check, from memory while the tenant's IAM data is unchanged. */
    loadPrincipal(db: TenantDb, userId: string): Promise<Principal | null> {
      return principals.principal(db, userId);
    },

    async listUsers(ctx: RequestContext, query: PageQuery & { q?: string | undefined }): Promise<Page<User>> {
      return ctx.db.transaction(async (trx) => {
        const [rows, total] = await Promise.all([
          repo.listUsers(trx, { ...offsetOf(query), search: query.q }),
          repo.countUsers(trx, query.q),
        ]);
        return toPage(rows.map(toUser), total, query);
      });
    },

    async getUser(ctx: RequestContext, id: string): Promise<User> {
      return ctx.db.transaction(async (trx) => toUser(await requireUser(trx, id)));
    },

    async createUser(ctx: RequestContext, body: UserCreateBody): Promise<User> {
      const passwordHash = await hashPassword(body.password);
      return iamWrite(ctx, async (trx) => {
        await assertUniqueIdentity(trx, body);
        await assertGroupsExist(trx, body.groups);
        const id = await repo.insertUser(trx, {
          tenant_id: ctx.tenant.id,
          username: body.username,
          email: body.email,
          password_hash: passwordHash,
          firstname: body.firstname,
          lastname: body.lastname,
          locked: body.locked,
        });
        await repo.setUserGroups(trx, ctx.tenant.id, id, [...new Set(body.groups)]);
        return toUser(await requireUser(trx, id));
      });
    },

    async updateUser(ctx: RequestContext, id: string, body: UserUpdateBody): Promise<User> {
      return iamWrite(ctx, async (trx) => {
        await requireUser(trx, id);
        await assertUniqueIdentity(trx, body, id);
        await repo.updateUser(trx, id, {
          username: body.username,
          email: body.email,
          firstname: body.firstname,
          lastname: body.lastname,
          locked: body.locked,
        });
        if (body.groups) {
          await assertGroupsExist(trx, body.groups);
          await repo.setUserGroups(trx, ctx.tenant.id, id, [...new Set(body.groups)]);
        }
        await assertAdministratorRemains(trx);
        return toUser(await requireUser(trx, id));
      });
    },

    async deleteUser(ctx: SignedInContext, id: string): Promise<void> {
      if (id === ctx.user.id) throw new Conflict("You cannot delete your own account");
      await iamWrite(ctx, async (trx) => {
        if (!(await repo.deleteUser(trx, id))) throw new NotFound(`User ${id} not found`);
        await assertAdministratorRemains(trx);
      });
    },

    async listGroups(ctx: RequestContext, query: PageQuery): Promise<Page<Group>> {
      return ctx.db.transaction(async (trx) => {
        const [rows, total] = await Promise.all([repo.listGroups(trx, offsetOf(query)), repo.countGroups(trx)]);
        return toPage(rows.map(toGroup), total, query);
      });
    },

    async getGroup(ctx: RequestContext, id: number): Promise<Group> {
      return ctx.db.transaction(async (trx) => toGroup(await requireGroup(trx, id)));
    },

    async createGroup(ctx: RequestContext, body: GroupCreateBody): Promise<Group> {
      assertKnownPermissions(body.iamPermissions);
      return iamWrite(ctx, async (trx) => {
        await assertGroupNameFree(trx, body.name);
        const users = memberIds(body.users);
        await assertUsersExist(trx, users);
        const id = await repo.insertGroup(trx, { tenant_id: ctx.tenant.id, name: body.name, description: body.description });
        await repo.setGroupMembers(trx, ctx.tenant.id, id, users);
        await repo.setGroupPermissions(trx, ctx.tenant.id, id, [...new Set(body.iamPermissions)]);
        return toGroup(await requireGroup(trx, id));
      });
    },

    async updateGroup(ctx: RequestContext, id: number, body: GroupUpdateBody): Promise<Group> {
      if (body.id !== undefined && body.id !== id) throw new BadRequest("id in the body does not match the path");
      if (body.iamPermissions) assertKnownPermissions(body.iamPermissions);
      return iamWrite(ctx, async (trx) => {
        await requireGroup(trx, id);
        await assertGroupNameFree(trx, body.name, id);
        const isAdministrators = await repo.isAdministratorsGroup(trx, id);
        if (isAdministrators && body.iamPermissions && body.iamPermissions.length < ALL_PERMISSION_CODES.length) {
          const missing = ALL_PERMISSION_CODES.some((code) => !body.iamPermissions?.includes(code));
          if (missing) throw new Conflict("The Administrators group always holds every permission");
        }
        const users = memberIds(body.users);
        await assertUsersExist(trx, users);
        await repo.updateGroup(trx, id, { name: body.name, description: body.description });
        await repo.setGroupMembers(trx, ctx.tenant.id, id, users);
        if (body.iamPermissions && !isAdministrators) {
          await repo.setGroupPermissions(trx, ctx.tenant.id, id, [...new Set(body.iamPermissions)]);
        }
        await assertAdministratorRemains(trx);
        return toGroup(await requireGroup(trx, id));
      });
    },

    async deleteGroup(ctx: RequestContext, id: number): Promise<void> {
      await iamWrite(ctx, async (trx) => {
        await requireGroup(trx, id);
        if (await repo.isAdministratorsGroup(trx, id)) throw new Conflict("The Administrators group cannot be deleted");
        await repo.deleteGroup(trx, id);
      });
    },

    /** For sign-in: the stored hash with the fields the auth answer needs. */
    findLoginCandidate(ctx: RequestContext, username: string) {
      return ctx.db.transaction((trx) => repo.findCredentialsByUsername(trx, username));
    },

    findUserByEmail(ctx: RequestContext, email: string) {
      return ctx.db.transaction((trx) => repo.findUserIdByEmail(trx, email));
    },

    /** Sets the password and ends every session signed so far; answers when the user's sessions now start. */
    async setPassword(trx: Trx, user: { tenantId: string; userId: string }, password: string): Promise<Date> {
      changesPrincipals(trx, user.tenantId);
      const { userId } = user;
      const sessionsValidAfter = nextSessionEpoch();
      await repo.updateUser(trx, userId, { password_hash: await hashPassword(password), sessions_valid_after: sessionsValidAfter });
      return sessionsValidAfter;
    },

    /** The operator's `user reset-password` (any letter case of the username); false: the tenant has no such user. */
    async resetPasswordByUsername(trx: Trx, tenantId: string, username: string, password: string): Promise<boolean> {
      const user = await repo.findCredentialsByUsername(trx, username);
      if (!user) return false;
      await this.setPassword(trx, { tenantId, userId: user.id }, password);
      return true;
    },

    /** An administrator's 'Set a new password': the user's sessions all end. Their own password goes through My profile. */
    async setUserPassword(ctx: SignedInContext, id: string, body: SetPasswordBody): Promise<void> {
      if (id === ctx.user.id) throw new Conflict("Change your own password in My profile");
      await ctx.db.transaction(async (trx) => {
        await requireUser(trx, id);
        await this.setPassword(trx, { tenantId: ctx.tenant.id, userId: id }, body.password);
      });
    },

    findPasswordHash(trx: Trx, userId: string): Promise<string | undefined> {
      return repo.findPasswordHash(trx, userId).then((row) => row?.password_hash);
    },

    /** Self-registration: a plain user in no group. */
    async registerUser(ctx: RequestContext, body: { email: string; username: string; password: string }): Promise<void> {
      const passwordHash = await hashPassword(body.password);
      await iamWrite(ctx, async (trx) => {
        await assertUniqueIdentity(trx, body);
        await repo.insertUser(trx, {
          tenant_id: ctx.tenant.id,
          username: body.username,
          email: body.email,
          password_hash: passwordHash,
          firstname: "",
          lastname: "",
          locked: false,
        });
      });
    },

    /**
     * A new tenant's Administrators group, holding every permission, with its first administrator in it. No process
     * keeps principals of a tenant that does not exist yet, so nothing needs telling.
     */
    async createAdministrator(trx: Trx, tenantId: string, admin: { username: string; email: string; password: string }) {
      const groupId = await repo.insertGroup(trx, {
        tenant_id: tenantId,
        name: "Administrators",
        description: "Holds every permission",
        is_administrators: true,
      });
      await repo.setGroupPermissions(trx, tenantId, groupId, ALL_PERMISSION_CODES);
      const userId = await repo.insertUser(trx, {
        tenant_id: tenantId,
        username: admin.username,
        email: admin.email,
        password_hash: await hashPassword(admin.password),
        firstname: "",
        lastname: "",
        locked: false,
      });
      await repo.setGroupMembers(trx, tenantId, groupId, [userId]);
    },

    grantNewPermissionsToAdministrators(trx: Trx, tenantId: string) {
      changesPrincipals(trx, tenantId);
      return repo.grantMissingToAdministrators(trx, ALL_PERMISSION_CODES);
    },

    /**
     * The global search's users and groups: every word of `text` in a user's username, names or e-mail, or in a group's
     * name or description (accents and case ignored); an exact or leading username or name first. Runs in `trx`.
     */
    async searchPeople(trx: Trx, text: string, limit: number): Promise<{ users: SearchUserHit[]; groups: SearchGroupHit[] }> {
      const users = await repo.searchUsers(trx, text, limit);
      return { users: users.map(({ id, ...user }) => ({ uuid: id, ...user })), groups: await repo.searchGroups(trx, text, limit) };
    },

    async getProfile(ctx: SignedInContext): Promise<Profile> {
      return ctx.db.transaction(async (trx) => {
        const user = await requireUser(trx, ctx.user.id);
        return { uuid: user.id, username: user.username, firstname: user.firstname, lastname: user.lastname, email: user.email };
      });
    },

    async updateProfile(ctx: SignedInContext, body: ProfileUpdateBody): Promise<Profile> {
      await iamWrite(ctx, (trx) => repo.updateUser(trx, ctx.user.id, body));
      return this.getProfile(ctx);
    },
  };
}

export type IamService = ReturnType<typeof createIamService>;
