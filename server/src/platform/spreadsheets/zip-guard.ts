// Refuses a zip (an xlsx) that unpacks to more than a limit, before any spreadsheet reader sees it. Sizes written in
// the zip can lie, so every entry is inflated and counted, streaming, stopping at the limit: memory stays flat and
// the work is bounded. It uses the zip parser the xlsx reader uses, so both see the same entries.
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import type { Readable } from "node:stream";
import { Parse } from "unzipper";
import { BadRequest, HttpError, PayloadTooLarge } from "../errors.ts";

const MAX_ENTRIES = 1000;
/** A backstop: inflating the largest accepted workbook takes about a second; a parser still busy after this is stuck. */
const TIME_LIMIT_MS = 20_000;

const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;

const NOT_UNPACKED = "The file is not a valid Excel workbook (.xlsx): it could not be unpacked";
const END_OF_DIRECTORY = 0x06054b50;
const END_OF_DIRECTORY_SIZE = 22;
const MAX_COMMENT = 0xffff;

/**
 * Whether the file ends with a zip's end-of-central-directory record (possibly followed by its comment). A zip cut
 * short anywhere loses it; the streaming parser alone may finish every entry of such a file before it notices the
 * missing directory, so without this check a cut in the directory was accepted or refused by chance.
 */
async function hasEndOfCentralDirectory(path: string): Promise<boolean> {
  const file = await open(path, "r");
  try {
    const { size } = await file.stat();
    const length = Math.min(size, END_OF_DIRECTORY_SIZE + MAX_COMMENT);
    const tail = Buffer.alloc(length);
    await file.read(tail, 0, length, size - length);
    for (let at = length - END_OF_DIRECTORY_SIZE; at >= 0; at--) {
      if (tail.readUInt32LE(at) === END_OF_DIRECTORY && at + END_OF_DIRECTORY_SIZE + tail.readUInt16LE(at + 20) === length) return true;
    }
    return false;
  } finally {
    await file.close();
  }
}

/** How refusals name what the caller expects: "a term file", "a term spreadsheet". */
export type ZipGuardNouns = { file: string; spreadsheet: string };

export async function assertUnzipsWithin(path: string, maxBytes: number, nouns: ZipGuardNouns): Promise<void> {
  if (!(await hasEndOfCentralDirectory(path))) throw new BadRequest(NOT_UNPACKED);
  const source = createReadStream(path);
  const zip = source.pipe(Parse({ forceStream: true }));
  // unzipper reports a zip that ends inside an entry (a cut or forged header) on the parser only: the entry being read
  // would wait for its missing bytes forever, so the error is handed on to it. Afterwards the listener only keeps a late
  // error (after we stopped reading) from going unhandled.
  let current: Readable | null = null;
  let failure: Error | null = null;
  zip.on("error", (error) => {
    failure = error;
    current?.destroy(error);
  });
  const deadline = setTimeout(() => {
    const stuck = new Error("The zip parser made no progress");
    current?.destroy(stuck);
    zip.destroy(stuck);
  }, TIME_LIMIT_MS);
  const tooBig = () =>
    new PayloadTooLarge(`The spreadsheet unpacks to more than ${mib(maxBytes)}; ${nouns.file} this large is not accepted`);
  let total = 0;
  let entries = 0;
  try {
    for await (const entry of zip) {
      entries += 1;
      if (entries > MAX_ENTRIES) throw new BadRequest(`The file holds more than ${MAX_ENTRIES} parts; it is not ${nouns.spreadsheet}`);
      if (entry.vars.uncompressedSize > maxBytes - total) throw tooBig();
      current = entry;
      if (failure) entry.destroy(failure);
      for await (const chunk of entry) {
        total += (chunk as Buffer).length;
        if (total > maxBytes) throw tooBig();
      }
      current = null;
    }
    if (failure) throw failure;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new BadRequest(NOT_UNPACKED);
  } finally {
    clearTimeout(deadline);
    source.destroy();
    zip.destroy();
  }
  if (entries === 0) throw new BadRequest("The file is not a valid Excel workbook (.xlsx): it holds nothing");
}
