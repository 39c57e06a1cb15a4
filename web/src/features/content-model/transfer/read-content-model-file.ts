// Reads a chosen content-model.json before it is sent: too big or not JSON is said here, the rest the server checks.
import { CONTENT_MODEL_LIMITS } from "@repox/contracts";

export type FileReadResult = { ok: true; content: unknown } | { ok: false; problem: "tooLarge" | "notJson" };

export async function readContentModelFile(file: Blob): Promise<FileReadResult> {
  if (file.size > CONTENT_MODEL_LIMITS.importMaxBytes) return { ok: false, problem: "tooLarge" };
  try {
    return { ok: true, content: JSON.parse(await file.text()) };
  } catch {
    return { ok: false, problem: "notJson" };
  }
}
