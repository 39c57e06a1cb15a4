import { describe, expect, it } from "vitest";
import { SNIFF_BYTES, sniffMimeType } from "./sniff.ts";
import { hex, SAMPLES, text } from "./test-samples.ts";

describe("sniffMimeType", () => {
  it.each([
    ["a PNG image", SAMPLES.png, "image/png"],
    ["a PDF document", SAMPLES.pdf, "application/pdf"],
    ["an MP4 video", SAMPLES.mp4, "video/mp4"],
    ["a JPEG image", SAMPLES.jpeg, "image/jpeg"],
    ["plain text", text("Minutes of the meeting\nheld on Monday.\n"), "text/plain"],
    ["plain text in Windows-1252", Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x0a]), "text/plain"],
    ["UTF-16 text with a byte-order mark", Buffer.from("\ufeffhello", "utf16le"), "text/plain"],
    ["CSV", text('id,name,city\n1,Ann,Athens\n2,"Bo, Jr",Rome\n'), "text/csv"],
    ["CSV with semicolons", text("id;name\n1;Ann\n2;Bo\n"), "text/csv"],
    ["tab-separated values", text("id\tname\n1\tAnn\n"), "text/tab-separated-values"],
    ["JSON", text('{"title": "Report", "pages": [1, 2]}'), "application/json"],
    ["a JSON array", text(' [\n  {"a": 1}\n]\n'), "application/json"],
    ["an SVG image", text('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>'), "image/svg+xml"],
    [
      "an SVG image with an XML declaration and comment",
      text('<?xml version="1.0"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
      "image/svg+xml",
    ],
    ["an XML document that is not SVG", text('<?xml version="1.0"?>\n<record><title>x</title></record>'), "application/xml"],
    ["an HTML page", text("<!DOCTYPE html>\n<html><body>hi</body></html>"), "text/html"],
    ["unknown binary", hex("00 01 02 03 fe ff 10 11 7f 00 00 9c"), "application/octet-stream"],
    ["an empty file", Buffer.alloc(0), "application/octet-stream"],
  ])("tells %s", async (_name, bytes, expected) => {
    expect(await sniffMimeType(bytes, true)).toBe(expected);
  });

  it("does not call text JSON when the whole file does not parse", async () => {
    expect(await sniffMimeType(text("{ this is a note in braces }"), true)).toBe("text/plain");
  });

  it("takes a JSON start for JSON when only the head of a large file is known", async () => {
    const head = text(`[${'{"n": 1},'.repeat(SNIFF_BYTES / 8)}`).subarray(0, SNIFF_BYTES);
    expect(await sniffMimeType(head, false)).toBe("application/json");
  });

  it("ignores the cut last line of a CSV head and a multi-byte character split at the end", async () => {
    const head = Buffer.concat([text("name,city\nZoë,Αθήνα\nΔήμος,Rome\nAnn,Ath"), text("ή").subarray(0, 1)]);
    expect(await sniffMimeType(head, false)).toBe("text/csv");
  });

  it("does not call one line with commas CSV", async () => {
    expect(await sniffMimeType(text("Hello, world, again\n"), true)).toBe("text/plain");
  });
});
