// JWT access tokens: HS256, `sub` = user uuid, `tenant` = tenant code. A token is valid only at its own tenant.
import { jwtVerify, SignJWT } from "jose";

export type TokenClaims = { userId: string; tenantCode: string };

export type TokenService = {
  sign(claims: TokenClaims): Promise<string>;
  verify(token: string): Promise<TokenClaims | null>;
};

export function createTokenService(secret: string, expiresInHours: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, tenantCode }) =>
      new SignJWT({ tenant: tenantCode })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${Math.round(expiresInHours * 3600)}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        if (typeof payload.sub !== "string" || typeof payload.tenant !== "string") return null;
        return { userId: payload.sub, tenantCode: payload.tenant };
      } catch {
        return null;
      }
    },
  };
}
