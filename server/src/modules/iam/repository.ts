// SQL for users, groups, memberships and granted permission codes. Every function runs inside a tenant transaction.
import { type RawBuilder, sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export type UserRow = {
  id: string;
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  locked: boolean;
  created_at: Date;
  groups: { id: number; name: string }[];
};

export type NewUser = {
  tenant_id: string;
  username: string;
  email: string;
  password_hash: string;
  firstname: string;
  lastname: string;
  locked: boolean;
};

const userColumns = ["u.id", "u.username", "u.email", "u.firstname", "u.lastname", "u.locked", "u.created_at"] as const;

function userGroups() {
  return sql<{ id: number; name: string }[]>`coalesce((
    select json_agg(json_build_object('id', g.id, 'name', g.name) order by g.name)
    from group_members m join groups g on g.tenant_id = m.tenant_id and g.id = m.group_id
    where m.tenant_id = u.tenant_id and m.user_id = u.id), '[]'::json)`.as("groups");
}

/** The tenant's IAM version (migration 0025); a tenant without a row has had no IAM change since it was made. */
function iamVersion() {
  return sql<string>`coalesce((select v.version::text from iam_versions v where v.tenant_id = (select app_tenant_id())), 'none')`;
}

export async function findIamVersion(trx: Trx): Promise<string> {
  const { rows } = await sql<{ version: string }>`select ${iamVersion()} as version`.execute(trx);
  return rows[0]?.version ?? "none";
}

/**
 * The user with their locked state, sessions' start and permission codes, with the IAM version of the same snapshot
 * (one statement): the principal is exactly what that version stands for. No user: `user` is undefined.
 */
export async function findPrincipal(trx: Trx, userId: string) {
  const { rows } = await sql<{
    version: string;
    id: string | null;
    username: string | null;
    locked: boolean | null;
    sessions_valid_after: Date | null;
    permissions: string[] | null;
  }>`select ${iamVersion()} as version, u.id, u.username, u.locked, u.sessions_valid_after, coalesce((
      select array_agg(distinct p.permission_code)
      from group_members m join group_permissions p on p.tenant_id = m.tenant_id and p.group_id = m.group_id
      where m.tenant_id = u.tenant_id and m.user_id = u.id), '{}') as permissions
    from (select 1) one left join users u on u.id = ${userId}`.execute(trx);
  const row = rows[0];
  if (!row) throw new Error("The principal query answered no row");
  const user =
    row.id !== null && row.username !== null && row.locked !== null
      ? {
          id: row.id,
          username: row.username,
          locked: row.locked,
          sessionsValidAfter: row.sessions_valid_after,
          permissions: row.permissions ?? [],
        }
      : undefined;
  return { version: row.version, user };
}

export function findCredentialsByUsername(trx: Trx, username: string) {
  return trx
    .selectFrom("users")
    .select(["id", "username", "email", "firstname", "lastname", "locked", "password_hash", "sessions_valid_after"])
    .where(sql`lower(username)`, "=", username.toLowerCase())
    .executeTakeFirst();
}

export function findPasswordHash(trx: Trx, id: string) {
  return trx.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirst();
}

export function findUserIdByEmail(trx: Trx, email: string) {
  return trx
    .selectFrom("users")
    .select(["id", "email", "username", "locked"])
    .where(sql`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirst();
}

export async function countUsers(trx: Trx, search: string | undefined): Promise<number> {
  const { count } = await trx
    .selectFrom("users as u")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .$if(!!search, (q) => q.where(searchFilter(search ?? "")))
    .executeTakeFirstOrThrow();
  return Number(count);
}

function searchFilter(search: string) {
  const pattern = `%${search.replace(/[\\%_]/g, "\\$&")}%`;
  return sql<boolean>`(u.username ilike ${pattern} or u.email ilike ${pattern}
    or (u.firstname || ' ' || u.lastname) ilike ${pattern})`;
}

export function listUsers(trx: Trx, page: { offset: number; limit: number; search?: string | undefined }): Promise<UserRow[]> {
  return trx
    .selectFrom("users as u")
    .select(userColumns)
    .select(userGroups())
    .$if(!!page.search, (q) => q.where(searchFilter(page.search ?? "")))
    .orderBy("u.firstname")
    .orderBy("u.lastname")
    .orderBy("u.username")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function getUser(trx: Trx, id: string): Promise<UserRow | undefined> {
  return trx.selectFrom("users as u").select(userColumns).select(userGroups()).where("u.id", "=", id).executeTakeFirst();
}

export async function insertUser(trx: Trx, user: NewUser): Promise<string> {
  const { id } = await trx.insertInto("users").values(user).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function updateUser(
  trx: Trx,
  id: string,
  changes: Partial<
    Pick<NewUser, "username" | "email" | "firstname" | "lastname" | "locked" | "password_hash"> & { sessions_valid_after: Date }
  >,
): Promise<boolean> {
  const result = await trx
    .updateTable("users")
    .set({ ...changes, modified_at: new Date() })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteUser(trx: Trx, id: string): Promise<boolean> {
  const result = await trx.deleteFrom("users").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function findExistingUserIds(trx: Trx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await trx.selectFrom("users").select("id").where("id", "in", ids).execute();
  return rows.map((r) => r.id);
}

export async function setUserGroups(trx: Trx, tenantId: string, userId: string, groupIds: readonly number[]): Promise<void> {
  await trx.deleteFrom("group_members").where("user_id", "=", userId).execute();
  if (groupIds.length === 0) return;
  await trx
    .insertInto("group_members")
    .values(groupIds.map((groupId) => ({ tenant_id: tenantId, group_id: groupId, user_id: userId })))
    .execute();
}

export type GroupRow = {
  id: number;
  name: string;
  description: string;
  permissions: string[];
  users: { uuid: string; username: string; firstname: string; lastname: string; email: string }[];
};

const groupColumns = ["g.id", "g.name", "g.description"] as const;

function groupPermissions() {
  return sql<string[]>`coalesce((select array_agg(p.permission_code order by p.permission_code)
    from group_permissions p where p.tenant_id = g.tenant_id and p.group_id = g.id), '{}')`.as("permissions");
}

function groupUsers() {
  return sql<GroupRow["users"]>`coalesce((
    select json_agg(json_build_object('uuid', u.id, 'username', u.username, 'firstname', u.firstname,
      'lastname', u.lastname, 'email', u.email) order by u.firstname, u.lastname, u.username)
    from group_members m join users u on u.tenant_id = m.tenant_id and u.id = m.user_id
    where m.tenant_id = g.tenant_id and m.group_id = g.id), '[]'::json)`.as("users");
}

export async function countGroups(trx: Trx): Promise<number> {
  const { count } = await trx
    .selectFrom("groups")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export function listGroups(trx: Trx, page: { offset: number; limit: number }): Promise<GroupRow[]> {
  return trx
    .selectFrom("groups as g")
    .select(groupColumns)
    .select([groupPermissions(), groupUsers()])
    .orderBy(sql`lower(g.name)`)
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export function getGroup(trx: Trx, id: number): Promise<GroupRow | undefined> {
  return trx
    .selectFrom("groups as g")
    .select(groupColumns)
    .select([groupPermissions(), groupUsers()])
    .where("g.id", "=", id)
    .executeTakeFirst();
}

export async function findGroupIdByName(trx: Trx, name: string): Promise<number | undefined> {
  const row = await trx.selectFrom("groups").select("id").where(sql`lower(name)`, "=", name.toLowerCase()).executeTakeFirst();
  return row?.id;
}

export async function findExistingGroupIds(trx: Trx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await trx.selectFrom("groups").select("id").where("id", "in", ids).execute();
  return rows.map((r) => r.id);
}

export async function insertGroup(
  trx: Trx,
  group: { tenant_id: string; name: string; description: string; is_administrators?: boolean },
): Promise<number> {
  const { id } = await trx.insertInto("groups").values(group).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function updateGroup(trx: Trx, id: number, changes: { name: string; description: string }): Promise<boolean> {
  const result = await trx.updateTable("groups").set(changes).where("id", "=", id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteGroup(trx: Trx, id: number): Promise<boolean> {
  const result = await trx.deleteFrom("groups").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function isAdministratorsGroup(trx: Trx, id: number): Promise<boolean> {
  const row = await trx.selectFrom("groups").select("is_administrators").where("id", "=", id).executeTakeFirst();
  return row?.is_administrators ?? false;
}

export async function setGroupMembers(trx: Trx, tenantId: string, groupId: number, userIds: readonly string[]): Promise<void> {
  await trx.deleteFrom("group_members").where("group_id", "=", groupId).execute();
  if (userIds.length === 0) return;
  await trx
    .insertInto("group_members")
    .values(userIds.map((userId) => ({ tenant_id: tenantId, group_id: groupId, user_id: userId })))
    .execute();
}

export async function setGroupPermissions(trx: Trx, tenantId: string, groupId: number, codes: readonly string[]): Promise<void> {
  await trx.deleteFrom("group_permissions").where("group_id", "=", groupId).execute();
  if (codes.length === 0) return;
  await trx
    .insertInto("group_permissions")
    .values(codes.map((code) => ({ tenant_id: tenantId, group_id: groupId, permission_code: code })))
    .execute();
}

/** Adds catalogue codes that appeared since the Administrators group was made (new releases add permissions). */
export async function grantMissingToAdministrators(trx: Trx, codes: readonly string[]): Promise<void> {
  await sql`insert into group_permissions (tenant_id, group_id, permission_code)
    select g.tenant_id, g.id, c.code from groups g cross join unnest(${sql.val(codes)}::text[]) as c(code)
    where g.is_administrators
    on conflict do nothing`.execute(trx);
}

export async function countAdministratorsWithAccess(trx: Trx): Promise<number> {
  const { count } = await trx
    .selectFrom("group_members as m")
    .innerJoin("groups as g", (j) => j.onRef("g.tenant_id", "=", "m.tenant_id").onRef("g.id", "=", "m.group_id"))
    .innerJoin("users as u", (j) => j.onRef("u.tenant_id", "=", "m.tenant_id").onRef("u.id", "=", "m.user_id"))
    .select((eb) => eb.fn.count<number>("m.user_id").distinct().as("count"))
    .where("g.is_administrators", "=", true)
    .where("u.locked", "=", false)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Every word of `text` (folded as the content search folds) occurs somewhere in `haystack`, and `text` has a word.
 * People and groups are found by parts of names as well as whole ones.
 */
function hasEveryWord(text: string, haystack: RawBuilder<string>): RawBuilder<boolean> {
  return sql<boolean>`cardinality(repox_search_words(${text})) > 0 and not exists (
    select 1 from unnest(repox_search_words(${text})) w where strpos(repox_search_normalize(${haystack}), w) = 0)`;
}

/** Users whose username, names or e-mail hold every word of `text`; an exact or leading username first. */
export function searchUsers(trx: Trx, text: string, limit: number) {
  return trx
    .selectFrom("users as u")
    .select(["u.id", "u.username", "u.firstname", "u.lastname", "u.email"])
    .where(hasEveryWord(text, sql`u.username || ' ' || u.firstname || ' ' || u.lastname || ' ' || u.email`))
    .orderBy(sql`repox_search_normalize(u.username) = repox_search_normalize(${text})`, "desc")
    .orderBy(sql`starts_with(repox_search_normalize(u.username), repox_search_normalize(${text}))`, "desc")
    .orderBy(sql`lower(u.username)`)
    .orderBy("u.id")
    .limit(limit)
    .execute();
}

/** Groups whose name or description holds every word of `text`; an exact or leading name first. */
export function searchGroups(trx: Trx, text: string, limit: number) {
  return trx
    .selectFrom("groups as g")
    .select(["g.id", "g.name", "g.description"])
    .where(hasEveryWord(text, sql`g.name || ' ' || g.description`))
    .orderBy(sql`repox_search_normalize(g.name) = repox_search_normalize(${text})`, "desc")
    .orderBy(sql`starts_with(repox_search_normalize(g.name), repox_search_normalize(${text}))`, "desc")
    .orderBy(sql`lower(g.name)`)
    .orderBy("g.id")
    .limit(limit)
    .execute();
}
