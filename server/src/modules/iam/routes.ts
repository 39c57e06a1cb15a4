// /api/users, /api/users/:uuid/password, /api/groups, /api/iam/permissions, /api/my/permissions, /api/my/profile
import {
  ErrorBody,
  Group,
  GroupCreateBody,
  GroupUpdateBody,
  IdParams,
  MyPermissions,
  PageQuery,
  PERMISSIONS,
  PermissionCatalogue,
  PROFILE_READ_ONLY_FIELDS,
  Profile,
  ProfileUpdateBody,
  pageOf,
  SetPasswordBody,
  USER_READ_ONLY_FIELDS,
  User,
  UserCreateBody,
  UserUpdateBody,
  UuidParams,
} from "@repox/contracts";
import { z } from "zod";
import { signedIn } from "../../platform/http/access.ts";
import { noContent } from "../../platform/http/openapi-answers.ts";
import { readBack } from "../../platform/http/read-back.ts";
import type { App } from "../../platform/http/types.ts";
import type { IamService } from "./service.ts";

const show = { access: PERMISSIONS.settingsIamShow };
const edit = { access: PERMISSIONS.settingsIamEdit };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const UserListQuery = PageQuery.extend({ q: z.string().trim().max(100).optional() });

export function iamRoutes(app: App, iam: IamService) {
  const users = { tags: ["Users"] };
  app.get(
    "/api/users",
    { config: show, schema: { ...users, querystring: UserListQuery, response: { 200: pageOf(User), ...errors } } },
    (req) => iam.listUsers(req.ctx, req.query),
  );
  app.get("/api/users/:uuid", { config: show, schema: { ...users, params: UuidParams, response: { 200: User, ...errors } } }, (req) =>
    iam.getUser(req.ctx, req.params.uuid),
  );
  app.post(
    "/api/users",
    { config: edit, schema: { ...users, body: UserCreateBody, response: { 201: User, ...errors } } },
    async (req, reply) => reply.status(201).send(await iam.createUser(req.ctx, req.body)),
  );
  app.put(
    "/api/users/:uuid",
    {
      config: { ...edit, readBack: readBack(USER_READ_ONLY_FIELDS, (ctx, { uuid }: { uuid: string }) => iam.getUser(ctx, uuid)) },
      schema: { ...users, params: UuidParams, body: UserUpdateBody, response: { 200: User, ...errors } },
    },
    (req) => iam.updateUser(req.ctx, req.params.uuid, req.body),
  );
  app.put(
    "/api/users/:uuid/password",
    {
      config: edit,
      schema: { ...users, params: UuidParams, body: SetPasswordBody, documented: { responses: noContent("The password is set") } },
    },
    async (req, reply) => {
      await iam.setUserPassword(signedIn(req.ctx), req.params.uuid, req.body);
      return reply.status(204).send();
    },
  );
  app.delete("/api/users/:uuid", { config: edit, schema: { ...users, params: UuidParams } }, async (req, reply) => {
    await iam.deleteUser(signedIn(req.ctx), req.params.uuid);
    return reply.status(204).send();
  });

  const groups = { tags: ["Groups"] };
  app.get(
    "/api/groups",
    { config: show, schema: { ...groups, querystring: PageQuery, response: { 200: pageOf(Group), ...errors } } },
    (req) => iam.listGroups(req.ctx, req.query),
  );
  app.get("/api/groups/:id", { config: show, schema: { ...groups, params: IdParams, response: { 200: Group, ...errors } } }, (req) =>
    iam.getGroup(req.ctx, req.params.id),
  );
  app.post(
    "/api/groups",
    { config: edit, schema: { ...groups, body: GroupCreateBody, response: { 201: Group, ...errors } } },
    async (req, reply) => reply.status(201).send(await iam.createGroup(req.ctx, req.body)),
  );
  app.put(
    "/api/groups/:id",
    { config: edit, schema: { ...groups, params: IdParams, body: GroupUpdateBody, response: { 200: Group, ...errors } } },
    (req) => iam.updateGroup(req.ctx, req.params.id, req.body),
  );
  app.delete("/api/groups/:id", { config: edit, schema: { ...groups, params: IdParams } }, async (req, reply) => {
    await iam.deleteGroup(req.ctx, req.params.id);
    return reply.status(204).send();
  });

  const me = { tags: ["Me"] };
  app.get(
    "/api/iam/permissions",
    { config: { access: "signed-in" }, schema: { tags: ["Permissions"], response: { 200: PermissionCatalogue } } },
    () => iam.catalogue(),
  );
  app.get("/api/my/permissions", { config: { access: "signed-in" }, schema: { ...me, response: { 200: MyPermissions } } }, (req) =>
    iam.myPermissions(req.ctx),
  );
  app.get("/api/my/profile", { config: { access: "signed-in" }, schema: { ...me, response: { 200: Profile, ...errors } } }, (req) =>
    iam.getProfile(signedIn(req.ctx)),
  );
  app.put(
    "/api/my/profile",
    {
      config: { access: "signed-in", readBack: readBack(PROFILE_READ_ONLY_FIELDS, (ctx) => iam.getProfile(signedIn(ctx))) },
      schema: { ...me, body: ProfileUpdateBody, response: { 200: Profile, ...errors } },
    },
    (req) => iam.updateProfile(signedIn(req.ctx), req.body),
  );
}
