// /api/system_settings, /api/public_settings
import { ErrorBody, PERMISSIONS, PublicSettings, SystemSetting, SystemSettingsUpdateBody } from "@repox/contracts";
import { z } from "zod";
import type { App } from "../../platform/http/types.ts";
import type { SettingsService } from "./service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
/** Public pages ask once per load; a generous ceiling per address still stops anyone hammering it. */
const PUBLIC_SETTINGS_PER_MINUTE = 120;

export function settingsRoutes(app: App, settings: SettingsService) {
  const tags = ["System settings"];
  app.get(
    "/api/system_settings",
    { config: { access: PERMISSIONS.settingsSystemShow }, schema: { tags, response: { 200: z.array(SystemSetting), ...errors } } },
    (req) => settings.list(req.ctx),
  );
  app.put(
    "/api/system_settings",
    {
      config: { access: PERMISSIONS.settingsSystemEdit },
      schema: { tags, body: SystemSettingsUpdateBody, response: { 200: z.array(SystemSetting), ...errors } },
    },
    (req) => settings.update(req.ctx, req.body),
  );
  app.get(
    "/api/public_settings",
    {
      config: { access: "tenant", rateLimit: { max: PUBLIC_SETTINGS_PER_MINUTE, timeWindow: 60_000 } },
      schema: { tags, response: { 200: PublicSettings, ...errors, 429: ErrorBody } },
    },
    (req) => settings.publicSettings(req.ctx),
  );
}
