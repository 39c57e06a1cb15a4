import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { createTokenService, issuedInCurrentSession, nextSessionEpoch } from "./tokens.ts";

const claims = { userId: "0b6c1d2e-0000-4000-8000-000000000001", tenantCode: "demo" };

describe("sessions ending at a password change", () => {
  it("start at the next whole second, so a token signed earlier in the same second no longer counts", () => {
    const changedAt = Date.UTC(2026, 10, 24, 12, 0, 0, 250);
    const epoch = nextSessionEpoch(changedAt);
    expect(epoch.getTime()).toBe(Date.UTC(2026, 10, 24, 12, 0, 1));
    expect(issuedInCurrentSession(Math.floor(changedAt / 1000), epoch)).toBe(false);
    expect(issuedInCurrentSession(epoch.getTime() / 1000, epoch)).toBe(true);
    expect(issuedInCurrentSession(0, null)).toBe(true);
  });

  it("date a token signed for them no earlier than their start, and verify it", async () => {
    const tokens = createTokenService("a-secret-of-enough-length-for-hs256", 1);
    const epoch = nextSessionEpoch();
    const token = await tokens.sign(claims, epoch);
    expect(decodeJwt(token).iat).toBe(epoch.getTime() / 1000);
    const verified = await tokens.verify(token);
    expect(verified).toEqual({ ...claims, issuedAt: epoch.getTime() / 1000 });
    expect(issuedInCurrentSession(verified?.issuedAt ?? 0, epoch)).toBe(true);
  });
});

describe("verified tokens kept in memory", () => {
  it("answer the same claims until the token expires, and nothing from that second on", async () => {
    let clock = Date.UTC(2026, 10, 24, 12, 0, 0);
    const tokens = createTokenService("a-secret-of-enough-length-for-hs256", 1, () => clock);
    const token = await tokens.sign(claims, new Date(clock));
    const expiresAt = (decodeJwt(token).exp ?? 0) * 1000;
    const first = await tokens.verify(token);
    expect(first).toMatchObject(claims);
    clock = expiresAt - 1;
    expect(await tokens.verify(token)).toBe(first);
    clock = expiresAt;
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it("are never a forged or altered token, nor one signed with another secret", async () => {
    const tokens = createTokenService("a-secret-of-enough-length-for-hs256", 1);
    const other = createTokenService("another-secret-of-enough-length-hs256", 1);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split(".");
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...decodeJwt(token), tenant: "other" })).toString("base64url")}.${signature}`;
    for (let i = 0; i < 2; i++) {
      expect(await tokens.verify(altered)).toBeNull();
      expect(await tokens.verify(await other.sign(claims))).toBeNull();
      expect(await other.verify(token)).toBeNull();
      expect(await tokens.verify(`${header}.${payload}.`)).toBeNull();
    }
  });
});
