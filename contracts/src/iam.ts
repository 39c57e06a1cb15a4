// Users, groups and the caller's own profile (spec 2 "Users", "Groups").
import { z } from "zod";
import { Email, INTEGER_ID_MAX, IntegerId, LIMITS, Password, Uuid } from "./common.ts";
import { idOrReference, readOnlyFields } from "./read-back.ts";

const Name = z.string().trim().max(LIMITS.nameMaxLength);
const Username = z.string().trim().min(1, { error: "is required" }).max(LIMITS.usernameMaxLength);

export const GroupRef = z.object({ id: z.number().int(), name: z.string() });
export type GroupRef = z.infer<typeof GroupRef>;

export const User = z.object({
  uuid: Uuid,
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  locked: z.boolean(),
  groups: z.array(GroupRef),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;

export const UserCreateBody = z.object({
  username: Username,
  email: Email,
  password: Password,
  firstname: Name.default(""),
  lastname: Name.default(""),
  locked: z.boolean().default(false),
  groups: z.array(IntegerId).max(500).default([]),
});
export type UserCreateBody = z.infer<typeof UserCreateBody>;

/** Password is set only on create (spec 2); an update ignores none and accepts none. Groups as ids or as read. */
export const UserUpdateBody = z.object({
  username: Username,
  email: Email,
  firstname: Name.default(""),
  lastname: Name.default(""),
  locked: z.boolean().default(false),
  groups: z
    .array(idOrReference(IntegerId, "id", "must be a group id"))
    .max(500)
    .optional(),
});
export type UserUpdateBody = z.infer<typeof UserUpdateBody>;
export const USER_READ_ONLY_FIELDS = readOnlyFields(User, UserUpdateBody);

export const UserMember = z.object({
  uuid: Uuid,
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
});
export type UserMember = z.infer<typeof UserMember>;

export const Group = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  iamPermissions: z.array(z.string()),
  users: z.array(UserMember),
});
export type Group = z.infer<typeof Group>;

const GroupFields = {
  name: z.string().trim().min(1, { error: "is required" }).max(LIMITS.groupNameMaxLength),
  description: z.string().trim().max(LIMITS.descriptionMaxLength).default(""),
  users: z
    .array(z.union([Uuid, z.object({ uuid: Uuid })]))
    .max(10_000)
    .default([]),
};
export const GroupCreateBody = z.object({
  ...GroupFields,
  iamPermissions: z.array(z.string().max(100)).max(200).default([]),
});
export type GroupCreateBody = z.infer<typeof GroupCreateBody>;
export const GroupUpdateBody = z.object({
  id: IntegerId.optional(),
  ...GroupFields,
  iamPermissions: z.array(z.string().max(100)).max(200).optional(),
});
export type GroupUpdateBody = z.infer<typeof GroupUpdateBody>;

export const Profile = z.object({
  uuid: Uuid,
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
});
export type Profile = z.infer<typeof Profile>;

export const ProfileUpdateBody = z.object({ firstname: Name, lastname: Name });
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;
/** The username and e-mail are an administrator's to change (PUT /api/users/{uuid}). */
export const PROFILE_READ_ONLY_FIELDS = readOnlyFields(Profile, ProfileUpdateBody);

/** An administrator's 'Set a new password' for a user (the confirmation is checked in the form). */
export const SetPasswordBody = z.object({ password: Password });
export type SetPasswordBody = z.infer<typeof SetPasswordBody>;

export const UuidParams = z.object({ uuid: Uuid });
export const IdParams = z.object({ id: z.coerce.number().int().min(1).max(INTEGER_ID_MAX) });
