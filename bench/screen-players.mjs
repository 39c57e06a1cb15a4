// The simulated players of the `screens` benchmark: a keep-alive HTTP client with no socket limit (node:http, which
// can also pick the loopback source address of a request), the player's calls, a player holding long polls and a
// player polling every few seconds, and the CPU time of a process from /proc.

import { readFile } from "node:fs/promises";
import http from "node:http";
import { tenant } from "./harness.mjs";

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY, maxFreeSockets: 2048 });
// Linux: clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on every common build).
const TICKS_PER_SECOND = 100;

/**
 * One JSON call; answers `{ status, body, ms }`. `signal` aborts it (a held poll at the end of a phase), `localAddress`
 * sends it from another loopback address (the registration limit counts per address).
 */
export function request(base, method, path, { headers = {}, json, signal, localAddress } = {}) {
  const body = json === undefined ? undefined : JSON.stringify(json);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api${path}`,
      {
        method,
        agent: localAddress ? undefined : agent,
        localAddress,
        signal,
        headers: { "x-tenantid": tenant, ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode, body: text ? JSON.parse(text) : null, ms: performance.now() - started }));
        res.on("error", reject);
      },
    );
    req.on("error", (error) => reject(signal?.aborted ? error : new Error(`${method} ${path}: ${error.message}`, { cause: error })));
    req.end(body);
  });
}

/** `request` that fails the benchmark on anything but `expect`; answers the body. */
export async function expectJson(base, method, path, options = {}) {
  const answer = await request(base, method, path, options);
  const expected = options.expect ?? 200;
  if (answer.status !== expected) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Runs `work(index)` for 0 … count-1, `concurrency` at a time. */
export async function inParallel(count, concurrency, work) {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(count, concurrency) }, worker));
}

const deviceHeaders = (device) => ({ authorization: `Device ${device.deviceId}.${device.deviceSecret}` });

/** Connections the server reset or refused, each tried again by its player (a real player does the same). */
export const connectionErrors = { count: 0 };
const RETRIED = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE"]);

/** A player's GET of `path`, tried again a second later on a reset connection; `ms` counts from the first try. */
async function playerGet(base, path, device, signal) {
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await request(base, "GET", path, { headers: deviceHeaders(device), signal });
      if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return { ...answer, ms: performance.now() - started };
    } catch (error) {
      if (signal?.aborted || attempt === 5 || !RETRIED.has(error.cause?.code)) throw error;
      connectionErrors.count++;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** GET /state without waiting, timed. */
export const timedState = (base, device) => playerGet(base, "/str/player/state", device);

/**
 * A player holding `GET /state?wait=…&since=…` one after another until `stop()`: it keeps its last state, and
 * `seenAt(storyId)` is when an answer first carried that story.
 */
export function longPollingPlayer(base, device, first, waitSeconds) {
  const controller = new AbortController();
  const seen = new Map();
  let state = first;
  let answers = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const path = `/str/player/state?wait=${waitSeconds}&since=${encodeURIComponent(state.version)}`;
      const answer = await playerGet(base, path, device, controller.signal).catch((error) => {
        if (stopped) return null;
        throw error;
      });
      if (!answer) return;
      answers++;
      state = answer.body;
      if (state.storyId && !seen.has(state.storyId)) seen.set(state.storyId, performance.now());
    }
  })();
  return {
    seenAt: (storyId) => seen.get(storyId),
    answers: () => answers,
    done: loop,
    stop() {
      stopped = true;
      controller.abort();
      return loop;
    },
  };
}

/** A player asking for its state every `everyMs` (no wait) until `stop()`, the first time after `offsetMs`; `times` gets each call's ms. */
export function periodicPlayer(base, device, { everyMs, offsetMs, times }) {
  let stopped = false;
  let timer;
  let wake;
  const loop = (async () => {
    let due = performance.now() + offsetMs;
    while (!stopped) {
      await new Promise((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, Math.max(0, due - performance.now()));
      });
      if (stopped) return;
      due += everyMs;
      times.push((await timedState(base, device)).ms);
    }
  })();
  return {
    done: loop,
    stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      return loop;
    },
  };
}

/** Connections the kernel dropped because a listen queue was full, on the whole machine so far. */
export async function listenOverflows() {
  const lines = (await readFile("/proc/net/netstat", "utf8")).split("\n");
  const names = lines.find((line) => line.startsWith("TcpExt:"))?.split(" ") ?? [];
  const values = lines.findLast((line) => line.startsWith("TcpExt:"))?.split(" ") ?? [];
  return Number(values[names.indexOf("ListenOverflows")] ?? Number.NaN);
}

/** User + system CPU seconds a process has used so far (its threads included); null once it is gone. */
export async function cpuSeconds(pid) {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
