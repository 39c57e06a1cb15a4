import { describe, expect, it } from "vitest";
import { Forbidden } from "./errors.ts";
import { createUrlSigner, DEFAULT_SIGNED_URL_SECONDS } from "./signed-urls.ts";

const SECRET = "a-jwt-secret-that-is-at-least-32-characters";
const tenant = "7f0c1e2a-0000-4000-8000-000000000001";
const otherTenant = "7f0c1e2a-0000-4000-8000-000000000002";
const path = "/api/datastreams/0b6c/preview";

function signerAt(time: { now: number }) {
  return createUrlSigner(SECRET, () => time.now);
}

describe("signed media URLs", () => {
  it("verify within their lifetime and say which user they were made for", () => {
    const time = { now: Date.UTC(2030, 0, 1) };
    const signer = signerAt(time);
    const url = signer.signUrl(path, { tenant, userId: "user-1" });
    expect(url).toMatch(/^\/api\/datastreams\/0b6c\/preview\?exp=\d+&uid=user-1&sig=[\w-]{43}$/);
    time.now += (DEFAULT_SIGNED_URL_SECONDS - 1) * 1000;
    expect(signer.verifySignedUrl(url, { tenant })).toEqual({
      userId: "user-1",
      expiresAt: new Date(Date.UTC(2030, 0, 1) + DEFAULT_SIGNED_URL_SECONDS * 1000),
    });
  });

  it("keep the path's own query parameters signed", () => {
    const signer = createUrlSigner(SECRET);
    const url = signer.signUrl(`${path}?download=true`, { tenant });
    expect(url).toContain("?download=true&exp=");
    expect(signer.verifySignedUrl(url, { tenant }).userId).toBeUndefined();
    expect(() => signer.verifySignedUrl(url.replace("download=true", "download=false"), { tenant })).toThrow(Forbidden);
  });

  it("are refused once expired, with a message telling to reload", () => {
    const time = { now: Date.UTC(2030, 0, 1) };
    const signer = signerAt(time);
    const url = signer.signUrl(path, { tenant, expiresInSeconds: 60 });
    time.now += 60 * 1000;
    expect(() => signer.verifySignedUrl(url, { tenant })).toThrow("This link has expired. Reload the page to get a new one.");
  });

  it("are refused when tampered with: another expiry, user or signature", () => {
    const signer = createUrlSigner(SECRET);
    const url = signer.signUrl(path, { tenant, userId: "user-1" });
    const exp = Number(new URL(url, "http://x").searchParams.get("exp"));
    const tampered = [
      url.replace(`exp=${exp}`, `exp=${exp + 3600}`),
      url.replace("uid=user-1", "uid=user-2"),
      url.replace(/sig=./, (match) => `sig=${match.endsWith("A") ? "B" : "A"}`),
      url.replace(/&sig=.*$/, ""),
      url.replace(/&uid=user-1/, ""),
      `${url}&exp=${exp + 3600}`,
    ];
    for (const candidate of tampered) {
      expect(() => signer.verifySignedUrl(candidate, { tenant }), candidate).toThrow("This link is not valid.");
    }
  });

  it("are refused at another tenant, for another path, and under another secret", () => {
    const signer = createUrlSigner(SECRET);
    const url = signer.signUrl(path, { tenant });
    expect(() => signer.verifySignedUrl(url, { tenant: otherTenant })).toThrow(Forbidden);
    expect(() => signer.verifySignedUrl(url.replace("/0b6c/", "/0b6d/"), { tenant })).toThrow(Forbidden);
    expect(() => signer.verifySignedUrl(url.replace("/preview", "/download"), { tenant })).toThrow(Forbidden);
    expect(() => createUrlSigner(`${SECRET}-rotated`).verifySignedUrl(url, { tenant })).toThrow(Forbidden);
  });

  it("answer 403 for a link without any signature", () => {
    const signer = createUrlSigner(SECRET);
    expect(() => signer.verifySignedUrl(path, { tenant })).toThrow(expect.objectContaining({ status: 403 }));
  });

  it("refuse to sign for a lifetime outside 1 second to 1 day", () => {
    const signer = createUrlSigner(SECRET);
    expect(() => signer.signUrl(path, { tenant, expiresInSeconds: 0 })).toThrow();
    expect(() => signer.signUrl(path, { tenant, expiresInSeconds: 2 * 24 * 3600 })).toThrow();
  });
});
