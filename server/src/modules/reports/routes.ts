// /api/reports: counts per type for the Reports page; needs repox.store.reports.show. POST with an empty body (spec 2 §7).
import { ErrorBody, PERMISSIONS, TypeReport } from "@repox/contracts";
import type { App } from "../../platform/http/types.ts";
import type { ReportsService } from "./service.ts";

const show = { access: PERMISSIONS.reportsShow };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

export function reportRoutes(app: App, reports: ReportsService) {
  const schema = { tags: ["Reports"], response: { 200: TypeReport, ...errors } };
  app.post("/api/reports/container_types", { config: show, schema }, (req) => reports.containerTypes(req.ctx));
  app.post("/api/reports/datastream_types", { config: show, schema }, (req) => reports.datastreamTypes(req.ctx));
}
