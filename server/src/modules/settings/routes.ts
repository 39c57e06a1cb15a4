// /api/system_settings
import { ErrorBody, PERMISSIONS, SystemSetting, SystemSettingsUpdateBody } from "@repox/contracts";
import { z } from "zod";
import type { App } from "../../platform/http/types.ts";
import type { SettingsService } from "./service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

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
}
