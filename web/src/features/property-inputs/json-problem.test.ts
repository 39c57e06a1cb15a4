import { describe, expect, it } from "vitest";
import { jsonProblem } from "./json-problem.ts";

describe("jsonProblem", () => {
  it("answers null for empty and valid text", () => {
    expect(jsonProblem("  ")).toBeNull();
    expect(jsonProblem('{"a": [1, 2]}')).toBeNull();
  });

  it("names the line and column of the parser's position", () => {
    const problem = jsonProblem('{"a": 1,\n  "b" 2}');
    expect(problem).toMatchObject({ line: 2, column: 7 });
    expect(problem?.reason).not.toMatch(/position/);
    expect(problem?.reason.length).toBeGreaterThan(0);
  });

  it("keeps the parser's reason when it gives no position", () => {
    const problem = jsonProblem("{values: x}");
    expect(problem?.reason.length).toBeGreaterThan(0);
  });
});
