import { describe, expect, it } from "vitest";
import { forgetOwnTunables, MALLOC_TUNABLES, restartPlan, YOUNG_GENERATION_FLAG } from "./footprint-restart.ts";

const glibcStart = { execArgv: ["--enable-source-maps"], env: { PATH: "/usr/bin" }, glibc: true };
/** Nothing chosen; each test turns on what it is about. */
const none = { liftoffOnly: false, tuneMalloc: false, capYoungGeneration: false };

describe("restartPlan", () => {
  it("restarts an embedded server on glibc with fixed malloc thresholds, marked as its own choice", () => {
    expect(restartPlan({ ...none, tuneMalloc: true }, glibcStart)).toEqual({
      execArgv: ["--enable-source-maps"],
      env: { PATH: "/usr/bin", GLIBC_TUNABLES: MALLOC_TUNABLES, REPOX_MALLOC_TUNED: "1" },
    });
  });

  it("adds --liftoff-only in front of the other flags when asked to, with the tunables in the same restart", () => {
    expect(restartPlan({ ...none, liftoffOnly: true, tuneMalloc: true }, glibcStart)?.execArgv).toEqual([
      "--liftoff-only",
      "--enable-source-maps",
    ]);
  });

  it("does not restart a process that already runs so: no restart loop", () => {
    const restarted = restartPlan({ ...none, liftoffOnly: true, tuneMalloc: true }, glibcStart);
    if (!restarted) throw new Error("expected a restart");
    expect(restartPlan({ ...none, liftoffOnly: true, tuneMalloc: true }, { ...restarted, glibc: true })).toBeUndefined();
  });

  it("leaves an operator's own choices alone: GLIBC_TUNABLES, even empty, and either Liftoff flag", () => {
    expect(restartPlan({ ...none, tuneMalloc: true }, { ...glibcStart, env: { GLIBC_TUNABLES: "" } })).toBeUndefined();
    expect(restartPlan({ ...none, liftoffOnly: true }, { ...glibcStart, execArgv: ["--no-liftoff-only"] })).toBeUndefined();
  });

  it("caps the young generation of an embedded server, in the same restart as the tunables, once", () => {
    const server = { ...none, tuneMalloc: true, capYoungGeneration: true };
    const restarted = restartPlan(server, glibcStart);
    expect(restarted?.execArgv).toEqual([YOUNG_GENERATION_FLAG, "--enable-source-maps"]);
    expect(restarted?.env.GLIBC_TUNABLES).toBe(MALLOC_TUNABLES);
    if (!restarted) throw new Error("expected a restart");
    expect(restartPlan(server, { ...restarted, glibc: true })).toBeUndefined();
    // Where glibc is not, the cap alone is worth the restart.
    expect(restartPlan(server, { ...glibcStart, glibc: false })?.execArgv).toEqual([YOUNG_GENERATION_FLAG, "--enable-source-maps"]);
  });

  it("leaves an operator's own semi-space size alone, on the command line or in NODE_OPTIONS", () => {
    const capOnly = { ...none, capYoungGeneration: true };
    expect(restartPlan(capOnly, { ...glibcStart, execArgv: ["--max-semi-space-size=64"] })).toBeUndefined();
    expect(restartPlan(capOnly, { ...glibcStart, env: { NODE_OPTIONS: "--enable-source-maps --max-semi-space-size=32" } })).toBeUndefined();
  });

  it("does not restart for the tunables where glibc does not read them, nor for the CLI", () => {
    expect(restartPlan({ ...none, tuneMalloc: true }, { ...glibcStart, glibc: false })).toBeUndefined();
    expect(restartPlan(none, glibcStart)).toBeUndefined();
  });
});

describe("forgetOwnTunables", () => {
  it("takes the server's own tunables back from what its children inherit, and leaves an operator's", () => {
    const own = { PATH: "/usr/bin", GLIBC_TUNABLES: MALLOC_TUNABLES, REPOX_MALLOC_TUNED: "1" };
    forgetOwnTunables(own);
    expect(own).toEqual({ PATH: "/usr/bin" });
    const operators = { GLIBC_TUNABLES: "glibc.malloc.arena_max=2" };
    forgetOwnTunables(operators);
    expect(operators).toEqual({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2" });
  });
});
