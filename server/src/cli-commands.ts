// The operator commands of `npm run repox` (cli.ts): the command line read and checked, then run against an open
// database. Apart from cli.ts, which opens the data dir and prints, so that tests run the commands in-process on
// their own database (cli-commands.test.ts) and spawn the built CLI only to prove it works as a process.
import { format, parseArgs } from "node:util";
import { Password, TenantCreateBody } from "@repox/contracts";
import type { z } from "zod";
import { ConfigError } from "./config.ts";
import { describeDemoSeed } from "./modules/demo/report.ts";
import type { Db } from "./platform/db/database.ts";
import { inTenant } from "./platform/db/tenant-transaction.ts";
import { HttpError } from "./platform/errors.ts";
import { createTenantResolver } from "./platform/tenancy.ts";
import type { Services } from "./services.ts";

const USAGE = `Usage: npm run repox -- <command>

  tenant create <code> --name <name> --admin-username <user> --admin-password <password> [--admin-email <email>]
  tenant list
  user reset-password --tenant <code> --username <user> --password <password>
  seed-demo <tenant>
`;

const OPTIONS = {
  name: { type: "string" },
  "admin-username": { type: "string" },
  "admin-password": { type: "string" },
  "admin-email": { type: "string" },
  tenant: { type: "string" },
  username: { type: "string" },
  password: { type: "string" },
} as const;

class UsageError extends Error {}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue?.path.join(".") || "value"} ${issue?.message}`;
}

type Command =
  | { name: "tenant list" }
  | { name: "tenant create"; body: TenantCreateBody }
  | { name: "user reset-password"; tenant: string; username: string; password: string }
  | { name: "seed-demo"; tenant: string };

function readArgs(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (err) {
    throw new UsageError(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  }
}

/** Reads and checks the whole command line before the database is opened, so a typo costs nothing. */
function parseCommand(argv: string[]): Command {
  const { positionals, values } = readArgs(argv);
  const [area, action, code] = positionals;
  if (area === "seed-demo") {
    if (!action || positionals.length > 2) throw new UsageError(`seed-demo needs one tenant code\n\n${USAGE}`);
    return { name: area, tenant: action };
  }
  const name = `${area ?? ""} ${action ?? ""}`.trim();
  if (name === "tenant list") return { name };
  if (name === "tenant create") {
    const body = TenantCreateBody.safeParse({
      code,
      name: values.name,
      adminUsername: values["admin-username"],
      adminPassword: values["admin-password"],
      adminEmail: values["admin-email"],
    });
    if (!body.success) throw new UsageError(`Cannot create the tenant: ${firstIssue(body.error)}`);
    return { name, body: body.data };
  }
  if (name === "user reset-password") {
    if (!values.tenant || !values.username || values.password === undefined) {
      throw new UsageError("user reset-password needs --tenant, --username and --password");
    }
    const password = Password.safeParse(values.password);
    if (!password.success) throw new UsageError(`--password ${password.error.issues[0]?.message}`);
    return { name, tenant: values.tenant, username: values.username, password: password.data };
  }
  throw new UsageError(USAGE);
}

/** The database a command runs against, and how to let go of it afterwards. */
export type OpenedDatabase = { db: Db; services: Services; close(): Promise<void> };

export type CommandLineResult = { code: 0 | 1; stdout: string; stderr: string };

async function execute(command: Command, { db, services }: OpenedDatabase): Promise<string> {
  if (command.name === "tenant list") {
    const tenants = await services.tenants.list();
    return tenants.map((t) => `${t.code}\t${t.name}\t${t.createdAt}`).join("\n") || "No tenants";
  }
  if (command.name === "tenant create") {
    const tenant = await services.tenants.create(command.body);
    return `Created tenant '${tenant.code}' (${tenant.name}) with administrator '${command.body.adminUsername}'.`;
  }
  if (command.name === "seed-demo") return describeDemoSeed(command.tenant, await services.demo.seed(command.tenant));
  const tenant = await createTenantResolver(db).resolve(command.tenant);
  const changed = await inTenant(db, tenant.id, (trx) =>
    services.iam.resetPasswordByUsername(trx, tenant.id, command.username, command.password),
  );
  if (!changed) throw new UsageError(`No user '${command.username}' in tenant '${tenant.code}'`);
  return `Password of '${command.username}' in tenant '${tenant.code}' changed.`;
}

/**
 * Reads the command line, opens the database only when it is sound (a typo costs nothing), runs the command and
 * answers what to print and the exit code: a person's message for the failures one expects, the whole error else.
 */
export async function runCommandLine(argv: string[], open: () => Promise<OpenedDatabase>): Promise<CommandLineResult> {
  try {
    const command = parseCommand(argv);
    const opened = await open();
    try {
      return { code: 0, stdout: await execute(command, opened), stderr: "" };
    } finally {
      await opened.close();
    }
  } catch (err) {
    const known =
      err instanceof UsageError ||
      err instanceof ConfigError ||
      err instanceof HttpError ||
      (err instanceof Error && err.message.includes("data directory"));
    return { code: 1, stdout: "", stderr: known ? (err as Error).message : format(err) };
  }
}
