// /api/platform/tenants: the operator API, authorised by REPOX_PLATFORM_TOKEN (unset: 404).
import { ErrorBody, Tenant, TenantCreateBody } from "@repox/contracts";
import { z } from "zod";
import type { App } from "../../platform/http/types.ts";
import type { TenantsService } from "./service.ts";

const platform = { access: "platform" } as const;
const tags = ["Platform"];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export function tenantRoutes(app: App, tenants: TenantsService) {
  app.get("/api/platform/tenants", { config: platform, schema: { tags, response: { 200: z.array(Tenant), ...errors } } }, () =>
    tenants.list(),
  );
  app.post(
    "/api/platform/tenants",
    { config: platform, schema: { tags, body: TenantCreateBody, response: { 201: Tenant, ...errors } } },
    async (req, reply) => reply.status(201).send(await tenants.create(req.body)),
  );
}
