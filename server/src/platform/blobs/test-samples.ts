// Leading bytes of common formats, enough for sniffing, shared by the blob tests.
import { randomBytes } from "node:crypto";

export const hex = (value: string) => Buffer.from(value.replaceAll(" ", ""), "hex");
export const text = (value: string) => Buffer.from(value, "utf8");

export const SAMPLES = {
  /** A complete 1×1 PNG. */
  png: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
  pdf: text("%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"),
  mp4: hex("00000018 66747970 6d703432 00000000 6d703432 69736f6d 00000008 66726565"),
  jpeg: hex("ffd8ffe000104a46494600010100000100010000ffdb0043"),
};

/** A well-formed PNG of about `payloadBytes`: signature and header, one IDAT chunk of noise, the end chunk. */
export function largePng(payloadBytes: number): Buffer {
  const signatureAndHeader = SAMPLES.png.subarray(0, 33);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(payloadBytes);
  const end = SAMPLES.png.subarray(SAMPLES.png.length - 12);
  return Buffer.concat([signatureAndHeader, length, Buffer.from("IDAT"), randomBytes(payloadBytes), Buffer.alloc(4), end]);
}
