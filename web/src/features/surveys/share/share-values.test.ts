import { describe, expect, it } from "vitest";
import { canSend, embedCode, initialEmbedSize, invalidRecipients } from "./share-values.ts";

describe("share values", () => {
  it("enables Send with valid recipients, a subject and a message only", () => {
    const ok = { recipients: ["a@example.org"], subject: "S", message: "M" };
    expect(canSend(ok)).toBe(true);
    expect(canSend({ ...ok, recipients: [] })).toBe(false);
    expect(canSend({ ...ok, recipients: ["a@example.org", "nope"] })).toBe(false);
    expect(canSend({ ...ok, subject: " " })).toBe(false);
    expect(canSend({ ...ok, message: "" })).toBe(false);
    expect(invalidRecipients(["a@example.org", "nope", "b@c"])).toEqual(["nope", "b@c"]);
  });

  it("sizes the embed 300 + 100 per question and adds embedded=true to the link", () => {
    expect(initialEmbedSize(3)).toEqual({ width: 640, height: 600 });
    expect(initialEmbedSize(0)).toEqual({ width: 640, height: 300 });
    const code = embedCode("https://repox.example/demo/survey/u1?t=abc", 'A "quoted" survey', 640, 600);
    expect(code).toContain('src="https://repox.example/demo/survey/u1?t=abc&amp;embedded=true"');
    expect(code).toContain('title="A &quot;quoted&quot; survey"');
    expect(code).toContain('width="640" height="600"');
  });
});
