// `npm run bench -- screens [--players N] [--postgres]`: the goals of issue 14, N simulated players (default 1000)
// against one server.
//
// 1. Setup (not timed): the built server on a fresh DATA_DIR (embedded PGlite, or with --postgres a throwaway database
//    on the server of DATABASE_URL), one story, N screens, N players registered and each paired with a screen. The
//    registration limit (30 a minute per address) stays as in production: the players register from 40 loopback
//    addresses (127.0.0.10 …), 25 each, as players behind different addresses would.
// 2. Burst: every player's first GET /api/str/player/state at once (all screens coming back after a restart): p95.
// 3. Long polls: every player holds GET /state?wait=25&since=<version>, asking again when it answers. For 30 s with
//    nothing changing: the server's CPU (utime + stime from /proc/<pid>/stat) and VmRSS every 200 ms; with --postgres
//    also the CPU of the database's backends serving the server. Then 500 immediate state calls (10 at a time) while
//    the polls are held: p95.
// 4. Push: the operator pushes the story to each of the N screens (POST /api/str/screens/{id}/link, 10 at a time, as
//    fast as the API answers). For each push, the time from sending it until its player's held poll answered with the
//    story: p50, p95, max (goal p95 < 2 s on PostgreSQL), and from the first push until every player had seen it.
// 5. Polling: the long polls end; every player asks GET /state (no wait) every 5 s, the starts spread over 5 s, for
//    30 s: the server's CPU and RSS, and the calls' p95.
// A connection the server resets is tried again by its player a second later and counted, as are connections the
// kernel dropped from a full listen queue during the timed phases (the whole machine's ListenOverflows).
import { join } from "node:path";
import {
  call,
  fmt,
  machine,
  memory,
  mib,
  postgresConnection,
  signIn,
  sleep,
  startServer,
  stopServer,
  summarise,
  tempDir,
  throwawayDatabase,
  withCleanUp,
} from "./harness.mjs";
import {
  connectionErrors,
  cpuSeconds,
  expectJson,
  inParallel,
  listenOverflows,
  longPollingPlayer,
  periodicPlayer,
  request,
  timedState,
} from "./screen-players.mjs";

const settings = {
  players: 1000,
  perAddress: 25,
  setupConcurrency: 8,
  waitSeconds: 25,
  holdMs: 30_000,
  probes: 500,
  probeConcurrency: 10,
  pushConcurrency: 10,
  seenTimeoutMs: 60_000,
  pollEveryMs: 5_000,
  pollMs: 30_000,
  sampleMs: 200,
};

function option(args, name) {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
}

/** The loopback address the player `index` registers from (127.0.0.10 upwards, `perAddress` players each). */
const benchStarted = performance.now();
const progress = (text) => console.log(`[${fmt((performance.now() - benchStarted) / 1000)} s] ${text}`);

const loopbackAddress = (index) => `127.0.0.${10 + Math.floor(index / settings.perAddress)}`;

async function createPairedPlayers(base, operator) {
  const screens = new Array(settings.players);
  await inParallel(settings.players, settings.setupConcurrency, async (index) => {
    screens[index] = (
      await expectJson(base, "POST", "/str/screens", {
        headers: operator,
        json: { name: `Screen ${index + 1}`, description: "bench" },
        expect: 201,
      })
    ).id;
  });
  const devices = new Array(settings.players);
  await inParallel(settings.players, settings.setupConcurrency, async (index) => {
    devices[index] = await expectJson(base, "POST", "/str/player/register", { localAddress: loopbackAddress(index), expect: 201 });
  });
  await inParallel(settings.players, settings.setupConcurrency, async (index) => {
    await expectJson(base, "POST", `/str/screens/${screens[index]}/pair`, {
      headers: operator,
      json: { activationCode: devices[index].activationCode },
    });
  });
  return screens.map((screenId, index) => ({ screenId, device: devices[index] }));
}

/** CPU seconds used by the PostgreSQL backends of the database of `databaseUrl` until `stop()` (read every second). */
function sampleBackendCpu(databaseUrl) {
  const backends = new Map();
  let isRunning = true;
  const loop = (async () => {
    const connection = await postgresConnection(databaseUrl)();
    try {
      for (;;) {
        const rows = await connection.query(
          "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        );
        for (const { pid } of rows) {
          const seconds = await cpuSeconds(pid);
          if (seconds !== null) backends.set(pid, { first: backends.get(pid)?.first ?? seconds, last: seconds });
        }
        if (!isRunning) return;
        await sleep(1000);
      }
    } finally {
      await connection.close();
    }
  })();
  return {
    async stop() {
      isRunning = false;
      await loop;
      return [...backends.values()].reduce((sum, one) => sum + one.last - one.first, 0);
    },
  };
}

/** Samples the server's CPU and RSS (and with a database URL, its PostgreSQL backends' CPU) until `stop()`. */
function watchServer(pid, databaseUrl) {
  let highestRss = 0;
  const rss = setInterval(async () => {
    highestRss = Math.max(highestRss, (await memory(pid, "VmRSS")) ?? 0);
  }, settings.sampleMs);
  const backends = databaseUrl ? sampleBackendCpu(databaseUrl) : undefined;
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  return {
    async stop() {
      clearInterval(rss);
      const backendSeconds = await backends?.stop();
      const seconds = (performance.now() - started) / 1000;
      const cpu = ((await cpuSeconds(pid)) - (await cpuBefore)) / seconds;
      const backendCpu = backendSeconds === undefined ? null : backendSeconds / seconds;
      return { cpu, backendCpu, highestRss: Math.max(highestRss, (await memory(pid, "VmRSS")) ?? 0) };
    },
  };
}

async function burstOfStates(base, players) {
  const answers = await Promise.all(players.map((player) => timedState(base, player.device)));
  if (answers.some((answer) => !answer.body.paired)) throw new Error("A player is not paired");
  return { states: answers.map((answer) => answer.body), times: summarise(answers.map((answer) => answer.ms)) };
}

async function holdLongPolls(base, players, states, server, databaseUrl) {
  const polls = players.map((player, index) => longPollingPlayer(base, player.device, states[index], settings.waitSeconds));
  const failed = Promise.race(polls.map((poll) => poll.done)).then(() => {
    throw new Error("A held poll ended before the benchmark stopped it");
  });
  failed.catch(() => {});
  await sleep(1000);
  progress(`  holding for ${fmt(settings.holdMs / 1000)} s ...`);
  const watch = watchServer(server.proc.pid, databaseUrl);
  await Promise.race([sleep(settings.holdMs), failed]);
  progress(`  ${fmt(settings.probes)} immediate state calls ...`);
  const holding = await watch.stop();
  const answersWhileHolding = polls.reduce((sum, poll) => sum + poll.answers(), 0);

  const probes = [];
  await inParallel(settings.probes, settings.probeConcurrency, async (index) => {
    probes.push((await timedState(base, players[(index * 7919) % players.length].device)).ms);
  });
  return { polls, failed, holding, answersWhileHolding, probes: summarise(probes) };
}

async function pushToEveryScreen(base, operator, players, polls, storyId, failed) {
  const sentAt = new Array(players.length);
  const pushTimes = [];
  const firstSent = performance.now();
  await Promise.race([
    inParallel(players.length, settings.pushConcurrency, async (index) => {
      sentAt[index] = performance.now();
      const answer = await request(base, "POST", `/str/screens/${players[index].screenId}/link`, { headers: operator, json: { storyId } });
      if (answer.status !== 200) throw new Error(`POST link answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      pushTimes.push(answer.ms);
    }),
    failed,
  ]);
  const pushedAll = performance.now() - firstSent;
  progress(`  pushed in ${fmt(pushedAll / 1000, 1)} s; waiting for the players ...`);
  const deadline = performance.now() + settings.seenTimeoutMs;
  while (polls.some((poll) => poll.seenAt(storyId) === undefined) && performance.now() < deadline) await sleep(50);
  const seen = polls.map((poll, index) => (poll.seenAt(storyId) === undefined ? null : poll.seenAt(storyId) - sentAt[index]));
  const missing = seen.filter((ms) => ms === null).length;
  const times = seen.filter((ms) => ms !== null);
  const lastSeen = Math.max(...polls.map((poll) => poll.seenAt(storyId) ?? 0));
  return {
    missing,
    seen: { ...summarise(times), max: Math.max(...times) },
    push: summarise(pushTimes),
    pushedAll,
    everyoneMs: lastSeen - firstSent,
  };
}

async function pollEveryFewSeconds(base, players, server, databaseUrl) {
  const times = [];
  const pollers = players.map((player, index) =>
    periodicPlayer(base, player.device, {
      everyMs: settings.pollEveryMs,
      offsetMs: (index * settings.pollEveryMs) / players.length,
      times,
    }),
  );
  await sleep(settings.pollEveryMs);
  const skip = times.length;
  const watch = watchServer(server.proc.pid, databaseUrl);
  await sleep(settings.pollMs);
  const polling = await watch.stop();
  await Promise.all(pollers.map((poller) => poller.stop()));
  const counted = times.slice(skip);
  return { ...polling, calls: counted.length, times: summarise(counted) };
}

function report(results, where, databaseUrl) {
  const n = fmt(settings.players);
  const { burst, hold, push, poll, rssBefore } = results;
  const backend = (value) => (databaseUrl ? `; PostgreSQL backends ${fmt(value * 100)} % of a core` : "");
  console.log(`\nRepox bench: screens   (${machine()})`);
  console.log(`${where}; ${n} screens, each paired with its own simulated player\n`);
  console.log(`server RSS after setup: ${fmt(mib(rssBefore))} MiB`);
  console.log(
    `burst: ${n} first GET /state at once: p50 ${fmt(burst.p50, 1)} ms, p95 ${fmt(burst.p95, 1)} ms, p99 ${fmt(burst.p99, 1)} ms`,
  );
  console.log(
    `long polls: ${n} players holding GET /state?wait=${settings.waitSeconds}, ${fmt(settings.holdMs / 1000)} s with nothing changing:`,
  );
  console.log(
    `  server CPU ${fmt(hold.holding.cpu * 100)} % of a core${backend(hold.holding.backendCpu)}; RSS at most ${fmt(mib(hold.holding.highestRss))} MiB; ${fmt(hold.answersWhileHolding)} answers`,
  );
  console.log(
    `  immediate GET /state while they are held (${settings.probes}, ${settings.probeConcurrency} at a time): p50 ${fmt(hold.probes.p50, 1)} ms, p95 ${fmt(hold.probes.p95, 1)} ms, p99 ${fmt(hold.probes.p99, 1)} ms`,
  );
  console.log(
    `push: the story pushed to each of the ${n} screens, ${settings.pushConcurrency} at a time: all pushed in ${fmt(push.pushedAll / 1000, 1)} s (push p50 ${fmt(push.push.p50, 1)} ms, p95 ${fmt(push.push.p95, 1)} ms)`,
  );
  console.log(
    `  push sent -> its player saw the story: p50 ${fmt(push.seen.p50)} ms, p95 ${fmt(push.seen.p95)} ms, max ${fmt(push.seen.max)} ms   (goal p95 < 2 s on PostgreSQL: ${push.seen.p95 < 2000 && push.missing === 0 ? "OK" : "NOT MET"})`,
  );
  console.log(
    `  first push sent -> every player had seen it: ${fmt(push.everyoneMs / 1000, 1)} s; players that never saw it: ${fmt(push.missing)}`,
  );
  console.log(
    `polling: ${n} players GET /state (no wait) every ${fmt(settings.pollEveryMs / 1000)} s, ${fmt(settings.pollMs / 1000)} s: ${fmt(poll.calls)} calls`,
  );
  console.log(`  server CPU ${fmt(poll.cpu * 100)} % of a core${backend(poll.backendCpu)}; RSS at most ${fmt(mib(poll.highestRss))} MiB`);
  console.log(`  GET /state: p50 ${fmt(poll.times.p50, 1)} ms, p95 ${fmt(poll.times.p95, 1)} ms, p99 ${fmt(poll.times.p99, 1)} ms`);
  console.log(`connections reset or refused, tried again by their players a second later: ${fmt(connectionErrors.count)}`);
  console.log(`connections dropped by a full listen queue (the whole machine, during the timed phases): ${fmt(results.overflows)}`);
  console.log(`ratio polling / long polls, server CPU: ${fmt(poll.cpu / Math.max(hold.holding.cpu, 0.001), 1)}`);
}

export function run(args) {
  const players = Number(option(args, "--players") ?? settings.players);
  if (!Number.isInteger(players) || players < 1 || players > settings.perAddress * 240)
    throw new Error("--players needs a whole number up to 6000");
  settings.players = players;
  const postgres = args.includes("--postgres");
  return withCleanUp(async () => {
    const dir = await tempDir("repox-bench-screens-");
    const databaseUrl = postgres ? await throwawayDatabase("screens") : undefined;
    const where = postgres ? "PostgreSQL (DATABASE_URL's server, a throwaway database)" : "embedded PGlite";
    progress(`Starting the server (${where}) ...`);
    const server = await startServer(join(dir, "data"), { databaseUrl });
    const operator = await signIn(server.base);
    const story = await call(server.base, operator, "POST", "/stories", {
      json: { title: "Harbour", description: "Pushed to every screen", aspectRatio: "16:9", orientation: "LANDSCAPE" },
      expect: 201,
    });
    // A signal from elsewhere (the machine is shared) shows only in the server's own output.
    server.proc.once("exit", (code, signal) => progress(`The server exited (${code ?? signal})`));
    let results;
    try {
      progress(`Creating ${fmt(players)} screens and pairing ${fmt(players)} players ...`);
      const setupStarted = performance.now();
      const paired = await createPairedPlayers(server.base, operator);
      progress(`  done in ${fmt((performance.now() - setupStarted) / 1000, 1)} s`);
      await sleep(2000);
      const rssBefore = (await memory(server.proc.pid, "VmRSS")) ?? 0;

      const overflowsBefore = await listenOverflows();
      progress("Burst of first state calls, then long polls ...");
      const burst = await burstOfStates(server.base, paired);
      const hold = await holdLongPolls(server.base, paired, burst.states, server, databaseUrl);
      progress("Pushing the story to every screen ...");
      const push = await pushToEveryScreen(server.base, operator, paired, hold.polls, story.uuid, hold.failed);
      await Promise.all(hold.polls.map((poll) => poll.stop()));
      progress(`Polling every ${fmt(settings.pollEveryMs / 1000)} s ...`);
      const poll = await pollEveryFewSeconds(server.base, paired, server, databaseUrl);
      results = { burst: burst.times, hold, push, poll, rssBefore, overflows: (await listenOverflows()) - overflowsBefore };
    } catch (error) {
      throw new Error(`${error.message}\nThe server's last output:\n${server.output()}`, { cause: error });
    }
    await stopServer(server);
    report(results, where, databaseUrl);
  });
}
