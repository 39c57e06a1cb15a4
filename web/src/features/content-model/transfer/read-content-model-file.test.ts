import { CONTENT_MODEL_LIMITS } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { readContentModelFile } from "./read-content-model-file.ts";

describe("readContentModelFile", () => {
  it("answers the parsed JSON", async () => {
    const file = new Blob(['{"format":"repox-content-model","version":1}']);
    expect(await readContentModelFile(file)).toEqual({ ok: true, content: { format: "repox-content-model", version: 1 } });
  });

  it("refuses text that is not JSON", async () => {
    expect(await readContentModelFile(new Blob(["name;code\nTitle;title"]))).toEqual({ ok: false, problem: "notJson" });
  });

  it("refuses a file above the import limit without reading it", async () => {
    const file = { size: CONTENT_MODEL_LIMITS.importMaxBytes + 1, text: () => Promise.reject(new Error("read")) } as unknown as Blob;
    expect(await readContentModelFile(file)).toEqual({ ok: false, problem: "tooLarge" });
  });
});
