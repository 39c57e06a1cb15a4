import { describe, expect, it } from "vitest";
import { forgetOwnTunables, MALLOC_TUNABLES, restartPlan } from "./footprint-restart.ts";

const glibcStart = { execArgv: ["--enable-source-maps"], env: { PATH: "/usr/bin" }, glibc: true };

describe("restartPlan", () => {
  it("restarts an embedded server on glibc with fixed malloc thresholds, marked as its own choice", () => {
    expect(restartPlan({ liftoffOnly: false, tuneMalloc: true }, glibcStart)).toEqual({
      execArgv: ["--enable-source-maps"],
      env: { PATH: "/usr/bin", GLIBC_TUNABLES: MALLOC_TUNABLES, REPOX_MALLOC_TUNED: "1" },
    });
  });

  it("adds --liftoff-only in front of the other flags when asked to, with the tunables in the same restart", () => {
    expect(restartPlan({ liftoffOnly: true, tuneMalloc: true }, glibcStart)?.execArgv).toEqual(["--liftoff-only", "--enable-source-maps"]);
  });

  it("does not restart a process that already runs so: no restart loop", () => {
    const restarted = restartPlan({ liftoffOnly: true, tuneMalloc: true }, glibcStart);
    if (!restarted) throw new Error("expected a restart");
    expect(restartPlan({ liftoffOnly: true, tuneMalloc: true }, { ...restarted, glibc: true })).toBeUndefined();
  });

  it("leaves an operator's own choices alone: GLIBC_TUNABLES, even empty, and either Liftoff flag", () => {
    expect(restartPlan({ liftoffOnly: false, tuneMalloc: true }, { ...glibcStart, env: { GLIBC_TUNABLES: "" } })).toBeUndefined();
    expect(restartPlan({ liftoffOnly: true, tuneMalloc: false }, { ...glibcStart, execArgv: ["--no-liftoff-only"] })).toBeUndefined();
  });

  it("does not restart for the tunables where glibc does not read them, nor for the CLI", () => {
    expect(restartPlan({ liftoffOnly: false, tuneMalloc: true }, { ...glibcStart, glibc: false })).toBeUndefined();
    expect(restartPlan({ liftoffOnly: false, tuneMalloc: false }, glibcStart)).toBeUndefined();
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
