// Content import from a spreadsheet (spec 1 §4 import wizard): the preview reads the file and checks every row
// against the content model and the destination, saving nothing; submit checks the containers sent back again and
// creates them all in one transaction (with the graph lock), or none.
import {
  type Destination,
  IMPORT_LIMITS,
  type ImportPreview,
  type ImportSubmitBody,
  type ImportSubmitResult,
  ROOT,
} from "@repox/contracts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { BadRequest } from "../../platform/errors.ts";
import { type RequestContext, signedIn } from "../../platform/http/access.ts";
import type { SpreadsheetUpload } from "../../platform/spreadsheets/spreadsheet-file.ts";
import type { ContainerRow } from "../containers/repository.ts";
import { type CheckDeps, capIssues, checkRows } from "./check-rows.ts";
import { readImportFile } from "./import-file.ts";

/** Errors quoted in a refused submit; the preview lists them all. */
const QUOTED_ERRORS = 5;

export function createImportsService(deps: CheckDeps) {
  async function destinationOf(trx: Trx, to: Destination): Promise<ContainerRow | null> {
    return to === ROOT ? null : deps.containers.within(trx).requireContainer(to);
  }

  return {
    /** Reads and checks the file; nothing is saved. */
    async preview(ctx: RequestContext, to: Destination, upload: SpreadsheetUpload): Promise<ImportPreview> {
      signedIn(ctx);
      await ctx.db.transaction((trx) => destinationOf(trx, to));
      // The file is read outside any transaction: with embedded PGlite a transaction holds the one connection.
      const file = await readImportFile(upload);
      const check = await ctx.db.transaction(async (trx) => checkRows(trx, deps, await destinationOf(trx, to), file.rows));
      return {
        containers: check.containers,
        errors: capIssues(check.errors, IMPORT_LIMITS.maxIssues, "errors"),
        warnings: capIssues([...file.warnings, ...check.warnings], IMPORT_LIMITS.maxIssues, "warnings"),
      };
    },

    /** Checks every container again and creates them all, or answers 400 naming the first errors and creates none. */
    async submit(ctx: RequestContext, body: ImportSubmitBody): Promise<ImportSubmitResult> {
      signedIn(ctx);
      return ctx.db.transaction(async (trx) => {
        // Locked before the destination is read, so a move or trash of it cannot slip in between.
        if (body.to !== ROOT) await deps.containers.within(trx).lockGraph(ctx.tenant.id);
        const parent = await destinationOf(trx, body.to);
        const inputs = body.containers.map((container, index) => ({ ...container, row: container.row ?? index + 1 }));
        const check = await checkRows(trx, deps, parent, inputs);
        if (check.errors.length > 0) {
          const errors = capIssues(check.errors, QUOTED_ERRORS, "errors");
          const quoted = errors.map((issue) => (issue.row > 0 ? `Row ${issue.row}: ${issue.message}` : issue.message));
          throw new BadRequest(`Nothing was imported. ${quoted.join("; ")}`);
        }
        const params = { what: "imported", parent: parent?.label ?? null } as const;
        const created = await deps.containers.within(trx).createChecked(ctx, parent?.id ?? null, check.checked, params);
        return { created };
      });
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
