import pino from "pino";
import { describe, expect, it } from "vitest";
import { lazyRequestLogger } from "./request-logger.ts";

function loggerAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

describe("a request's logger", () => {
  it("writes nothing below the level, and what it writes carries the request id", () => {
    const { log, lines } = loggerAt("warn");
    const requestLog = lazyRequestLogger(log, { reqId: "r-1" }, {});
    requestLog.info("incoming request");
    requestLog.debug("detail");
    expect(lines).toEqual([]);
    expect(requestLog.level).toBe("warn");
    requestLog.warn({ status: 503 }, "service unavailable");
    requestLog.error(new Error("boom"));
    expect(lines).toMatchObject([
      { level: 40, reqId: "r-1", status: 503, msg: "service unavailable" },
      { level: 50, reqId: "r-1", err: { message: "boom" } },
    ]);
  });

  it("gives children that keep the request id", () => {
    const { log, lines } = loggerAt("warn");
    lazyRequestLogger(log, { reqId: "r-2" }, {}).child({ part: "upload" }).warn("slow");
    expect(lines).toMatchObject([{ reqId: "r-2", part: "upload", msg: "slow" }]);
  });

  it("is an ordinary child where every request logs (info) or a route sets its own level", () => {
    const { log, lines } = loggerAt("info");
    lazyRequestLogger(log, { reqId: "r-3" }, {}).info("incoming request");
    const quiet = loggerAt("warn");
    lazyRequestLogger(quiet.log, { reqId: "r-4" }, { level: "debug" }).debug("route detail");
    expect(lines).toMatchObject([{ level: 30, reqId: "r-3", msg: "incoming request" }]);
    expect(quiet.lines).toMatchObject([{ level: 20, reqId: "r-4", msg: "route detail" }]);
  });
});
