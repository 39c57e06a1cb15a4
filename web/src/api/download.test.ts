import { describe, expect, it } from "vitest";
import { fileNameFromDisposition, readBlobWithProgress } from "./download.ts";

describe("fileNameFromDisposition", () => {
  it("reads quoted and bare file names", () => {
    expect(fileNameFromDisposition('attachment; filename="content-model.json"')).toBe("content-model.json");
    expect(fileNameFromDisposition("attachment; filename=voc-x.xlsx")).toBe("voc-x.xlsx");
    expect(fileNameFromDisposition('attachment; filename="a \\"b\\".txt"')).toBe('a "b".txt');
  });

  it("prefers the UTF-8 form", () => {
    expect(fileNameFromDisposition("attachment; filename=\"voc-_.xlsx\"; filename*=UTF-8''voc-%CE%B1.xlsx")).toBe("voc-α.xlsx");
  });

  it("answers null without a usable name", () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition("attachment")).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
  });
});

describe("readBlobWithProgress", () => {
  const streamed = (parts: string[], headers: Record<string, string>) => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(encoder.encode(part));
        controller.close();
      },
    });
    return new Response(body, { headers });
  };

  it("reports every chunk against the Content-Length and keeps the type", async () => {
    const seen: [number, number | null][] = [];
    const blob = await readBlobWithProgress(
      streamed(["abc", "de"], { "Content-Length": "5", "Content-Type": "application/zip" }),
      (received, total) => seen.push([received, total]),
    );
    expect(seen).toEqual([
      [0, 5],
      [3, 5],
      [5, 5],
    ]);
    expect(await blob.text()).toBe("abcde");
    expect(blob.type).toBe("application/zip");
  });

  it("reports no total for a stream without a length", async () => {
    const seen: [number, number | null][] = [];
    await readBlobWithProgress(streamed(["x", "yz"], {}), (received, total) => seen.push([received, total]));
    expect(seen.at(-1)).toEqual([3, null]);
  });
});
