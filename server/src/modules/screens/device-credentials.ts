// A player's credentials: `Authorization: Device <deviceId>.<deviceSecret>` on its calls (the secret kept only as
// its sha-256: not a password a person chose, so a fast hash is enough), and the media key in its story's links. Both
// are 32 random bytes, compared in constant time.
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { DEVICE_AUTH_SCHEME, SCREEN_LIMITS } from "@repox/contracts";

export const newSecret = () => randomBytes(32).toString("base64url");
export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

export function sameHash(secret: string, expectedHash: string | null): boolean {
  if (!expectedHash) return false;
  const a = Buffer.from(hashSecret(secret), "hex");
  const b = Buffer.from(expectedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A PIN of six digits, leading zeros kept. */
export const newActivationCode = () => String(randomInt(0, 10 ** SCREEN_LIMITS.activationCodeLength)).padStart(6, "0");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `Device <uuid>.<secret>` → its parts, or null for anything else. */
export function parseDeviceAuthorization(header: string | undefined): { deviceId: string; secret: string } | null {
  const match = header?.match(new RegExp(`^${DEVICE_AUTH_SCHEME} +([^.\\s]+)\\.(\\S{1,128})$`, "i"));
  if (!match?.[1] || !match[2] || !UUID.test(match[1])) return null;
  return { deviceId: match[1].toLowerCase(), secret: match[2] };
}

export function sameText(given: string, expected: string | null): boolean {
  if (!expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
