import { describe, expect, it } from "vitest";
import { hashSecret, newActivationCode, newSecret, parseDeviceAuthorization, sameHash, sameText } from "./device-credentials.ts";

describe("device credentials", () => {
  it("reads `Device <uuid>.<secret>` in any case of the scheme, and nothing else", () => {
    const id = "01234567-89ab-7def-8123-456789abcdef";
    expect(parseDeviceAuthorization(`Device ${id}.abc_DEF-1`)).toEqual({ deviceId: id, secret: "abc_DEF-1" });
    expect(parseDeviceAuthorization(`device ${id.toUpperCase()}.x`)).toEqual({ deviceId: id, secret: "x" });
    for (const header of [
      undefined,
      "",
      `Bearer ${id}.x`,
      `Device ${id}`,
      `Device nope.x`,
      `Device ${id}.`,
      `Device ${id}.${"x".repeat(129)}`,
    ]) {
      expect(parseDeviceAuthorization(header), header).toBeNull();
    }
  });

  it("keeps secrets as hashes and compares them whole", () => {
    const secret = newSecret();
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(sameHash(secret, hashSecret(secret))).toBe(true);
    expect(sameHash(`${secret}x`, hashSecret(secret))).toBe(false);
    expect(sameHash(secret, null)).toBe(false);
    expect(sameText("key", "key")).toBe(true);
    expect(sameText("key", "kez")).toBe(false);
    expect(sameText("key", null)).toBe(false);
  });

  it("makes six-digit PINs, leading zeros kept", () => {
    for (let n = 0; n < 200; n++) expect(newActivationCode()).toMatch(/^\d{6}$/);
  });
});
