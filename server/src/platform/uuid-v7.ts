// UUID version 7 (RFC 9562 §5.7): a millisecond timestamp first, so ids made later sort later and new rows land at the
// right end of an index instead of at random places. Within one millisecond a 12-bit counter in rand_a keeps ids made
// by this process increasing (RFC 9562 §6.2, method 1); the rest is random.
import { randomBytes } from "node:crypto";

let lastMillis = 0;
let sequence = 0;

const SEQUENCE_MAX = 0xfff;

function nextStamp(): { millis: number; sequence: number } {
  const now = Date.now();
  if (now > lastMillis) {
    lastMillis = now;
    // Starting low in the range leaves room to count up within the same millisecond.
    sequence = randomBytes(2).readUInt16BE() & 0x3ff;
  } else if (sequence < SEQUENCE_MAX) {
    sequence += 1;
  } else {
    // 4096 ids in one millisecond: borrow the next millisecond rather than repeat or go backwards.
    lastMillis += 1;
    sequence = 0;
  }
  return { millis: lastMillis, sequence };
}

export function uuidv7(): string {
  const { millis, sequence: counter } = nextStamp();
  const bytes = randomBytes(16);
  bytes.writeUIntBE(millis, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
