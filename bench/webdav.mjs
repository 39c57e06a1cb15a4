// `npm run bench -- webdav [--mib N] [--rounds N]`: a large file (default 1 GiB) PUT over WebDAV against the same
// size uploaded through the API (POST /api/datastreams, multipart), on the embedded server with the local blob store.
// Both are sent by curl from a file of random bytes on the data dir's disk, a fresh file for every transfer (the
// store keeps one copy of equal content, so a repeated file would be cheaper the second time), in the order API,
// WebDAV, WebDAV, API, API, …; each time runs until the server answers (201: hashed, stored and recorded). Prints
// each throughput, the best of each and the ratio WebDAV / API (goal: about 1).
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { makeBox, writeRandomFile } from "./content.mjs";
import { fmt, machine, password, signIn, startServer, stopServer, tempDir, tenant, withCleanUp } from "./harness.mjs";

function parseArgs(args) {
  const options = { mib: 1024, rounds: 4 };
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--mib") options.mib = Number(args[++i]);
    else if (args[i] === "--rounds") options.rounds = Number(args[++i]);
    else throw new Error(`Unknown option '${args[i]}' (use --mib N, --rounds N)`);
  }
  if (!Number.isInteger(options.mib) || options.mib < 1) throw new Error("--mib takes a whole number >= 1");
  if (!Number.isInteger(options.rounds) || options.rounds < 1) throw new Error("--rounds takes a whole number >= 1");
  return options;
}

/** curl with `args`; answers milliseconds until it ends, failing unless the server answered `status`. */
function timedCurl(args, status) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const curl = spawn("curl", ["-sS", "-o", "-", "-w", "\n%{http_code}", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    curl.stdout.on("data", (chunk) => {
      output += chunk.toString();
    });
    curl.stderr.on("data", (chunk) => {
      output += chunk.toString();
    });
    curl.once("error", (err) => reject(new Error(`curl could not run (this benchmark needs it): ${err.message}`)));
    curl.once("close", (code) => {
      const ms = performance.now() - started;
      if (code === 0 && output.endsWith(`\n${status}`)) resolve(ms);
      else reject(new Error(`The transfer failed (curl exit ${code}): ${output.slice(-500)}`));
    });
  });
}

export async function run(args) {
  const options = parseArgs(args);
  await withCleanUp(async () => {
    const dir = await tempDir("repox-bench-webdav-");
    const server = await startServer(join(dir, "data"));
    try {
      const headers = await signIn(server.base);
      const box = await makeBox(server.base, headers);
      const headerArgs = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
      const bytes = options.mib * 1024 * 1024;
      const times = { api: [], webdav: [] };
      for (let round = 1; round <= options.rounds; round++) {
        // API first in odd rounds, WebDAV first in even ones, so neither always follows the other's disk writes.
        for (const kind of round % 2 === 1 ? ["api", "webdav"] : ["webdav", "api"]) {
          const source = join(dir, `source-${kind}-${round}.bin`);
          await writeRandomFile(source, bytes);
          console.log(`Round ${round}: ${kind === "api" ? "API upload" : "WebDAV PUT"} of ${fmt(options.mib)} MiB ...`);
          const curlArgs =
            kind === "api"
              ? [
                  ...headerArgs,
                  ...["-F", 'data={"type":"benchfile"}', "-F", `file=@${source};filename=api-${round}.bin;type=application/octet-stream`],
                  `${server.base}/api/datastreams?to=${box}`,
                ]
              : ["-u", `admin:${password}`, "-T", source, `${server.base}/${tenant}/dav/Content%20bench/webdav-${round}.bin`];
          times[kind].push(await timedCurl(curlArgs, 201));
          await rm(source);
        }
      }
      const rate = (ms) => options.mib / (ms / 1000);
      console.log(`\nWebDAV PUT vs API upload of ${fmt(options.mib)} MiB   (${machine()}; embedded PGlite, local blob store)`);
      for (const kind of ["api", "webdav"]) {
        for (const [index, ms] of times[kind].entries()) {
          console.log(
            `  ${kind === "api" ? "API upload" : "WebDAV PUT"}, round ${index + 1}: ${fmt(ms / 1000, 2)} s, ${fmt(rate(ms))} MiB/s`,
          );
        }
      }
      const best = (kind) => Math.min(...times[kind]);
      console.log(`  ratio WebDAV / API throughput (best of ${options.rounds} each): ${fmt(best("api") / best("webdav"), 2)}   (goal ≈ 1)`);
    } finally {
      await stopServer(server);
    }
  });
}
