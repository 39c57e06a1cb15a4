// The built server (server/dist/main.js, made by the global setup) as a real process on a free port, for tests that
// need what only separate processes show: several instances behind one database, kill -9.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const OUTPUT_KEPT = 20_000;

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** The last lines the process printed, for a failure's message. */
  output(): string;
  /** Sends `signal` and waits until the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
};

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, "127.0.0.1", done));
  const address = probe.address();
  await new Promise<void>((done) => probe.close(() => done()));
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

/** Starts the server with `env` over this process's environment (DATABASE_URL only if `env` names it). */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, "server/dist/main.js")], {
    cwd: root,
    env: { ...inherited, WEB_DIST: "/nonexistent", LOG_LEVEL: "info", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      fail(new Error(`The server did not start within 90 s: ${output}`));
    }, 90_000);
    const watch = () => {
      if (!output.includes("Repox is ready")) return;
      clearTimeout(timer);
      child.stdout?.off("data", watch);
      ready();
    };
    child.stdout?.on("data", watch);
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`The server exited with ${code}: ${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}
