import { describe, expect, it } from "vitest";
import { parserCompileAdvice } from "./wasm-compiler.ts";

describe("parserCompileAdvice", () => {
  it("tells an operator on Node.js 24 both ways to keep the start's peak low", () => {
    const advice = parserCompileAdvice("24.22.3", ["--max-semi-space-size=16"]);
    expect(advice).toContain("Node.js 24.22.3 takes about 600 MB");
    expect(advice).toContain("run Repox on Node.js 26 or set DATABASE_LIFTOFF_ONLY=true");
  });

  it("says nothing on Node.js 22 or 26, whose V8 compiles it with about 40 MB, nor when it runs Liftoff only", () => {
    expect(parserCompileAdvice("22.23.5", [])).toBeUndefined();
    expect(parserCompileAdvice("26.12.1", [])).toBeUndefined();
    expect(parserCompileAdvice("24.22.3", ["--liftoff-only"])).toBeUndefined();
  });
});
