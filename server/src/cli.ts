// `npm run repox -- <command>`: operator commands against the same database the server uses (cli-commands.ts).
import pino from "pino";
import { prepare } from "./bootstrap.ts";
import { runCommandLine } from "./cli-commands.ts";
import { loadConfig } from "./config.ts";
import { assertDataDirFree } from "./platform/data-dir-lock.ts";
import { restartForFootprint } from "./platform/memory/footprint-restart.ts";

runCommandLine(process.argv.slice(2), async () => {
  const config = loadConfig();
  const log = pino({ level: "warn" });
  if (!config.databaseUrl) {
    const cannotRestart = restartForFootprint({ liftoffOnly: config.liftoffOnly, tuneMalloc: false, capYoungGeneration: false });
    if (cannotRestart) log.warn(cannotRestart);
    assertDataDirFree(config.dataDir, "repox");
  }
  const { db, services } = await prepare(config, log);
  return { db, services, close: () => db.destroy() };
}).then(({ code, stdout, stderr }) => {
  if (stdout) console.log(stdout);
  if (stderr) console.error(stderr);
  process.exitCode = code;
});
