// /api/my/app-passwords: the caller's own app passwords (My profile). Any signed-in user may keep some.
import { AppPasswordCreateBody, AppPasswordCreated, AppPasswordList, AppPasswordParams, ErrorBody } from "@repox/contracts";
import { signedIn } from "../../platform/http/access.ts";
import type { App } from "../../platform/http/types.ts";
import type { AppPasswordsService } from "./service.ts";

const mine = { access: "signed-in" } as const;
const doc = { tags: ["Me"] };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export function appPasswordRoutes(app: App, appPasswords: AppPasswordsService) {
  app.get("/api/my/app-passwords", { config: mine, schema: { ...doc, response: { 200: AppPasswordList, ...errors } } }, (req) =>
    appPasswords.list(signedIn(req.ctx)),
  );
  app.post(
    "/api/my/app-passwords",
    { config: mine, schema: { ...doc, body: AppPasswordCreateBody, response: { 201: AppPasswordCreated, ...errors } } },
    async (req, reply) => reply.status(201).send(await appPasswords.create(signedIn(req.ctx), req.body)),
  );
  app.delete("/api/my/app-passwords/:id", { config: mine, schema: { ...doc, params: AppPasswordParams } }, async (req, reply) => {
    await appPasswords.revoke(signedIn(req.ctx), req.params.id);
    return reply.status(204).send();
  });
}
