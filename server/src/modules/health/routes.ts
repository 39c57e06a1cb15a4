// GET /api/health: liveness for load balancers and the newcomer check. No tenant, no auth.
import { z } from "zod";
import type { App } from "../../platform/http/types.ts";

export function healthRoutes(app: App) {
  app.get(
    "/api/health",
    { config: { access: "public" }, schema: { tags: ["Health"], response: { 200: z.object({ status: z.literal("ok") }) } } },
    () => ({
      status: "ok" as const,
    }),
  );
}
