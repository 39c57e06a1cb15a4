// Reports (spec 2 §2 Reports): how many live containers and datastreams each type has, for the two charts.
import type { TypeReport } from "@repox/contracts";
import type { RequestContext } from "../../platform/http/access.ts";
import * as repo from "./repository.ts";

export function createReportsService() {
  return {
    containerTypes: (ctx: RequestContext): Promise<TypeReport> => ctx.db.transaction((trx) => repo.countLiveByType(trx, "container")),
    datastreamTypes: (ctx: RequestContext): Promise<TypeReport> => ctx.db.transaction((trx) => repo.countLiveByType(trx, "datastream")),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
