// Resumption tokens: the state of a list harvest, signed so a harvester can hand it back but not forge it.
//
// A list is read in (datestamp, container id) order and resumed after the last record given, with `until` fixed at
// the moment the harvest began: a record changed during the harvest moves past that moment and is left to the next
// incremental harvest, so pages never repeat or skip a record that stayed as it was. The size counted on the first
// page (completeListSize) is carried along.
import { createHmac, timingSafeEqual } from "node:crypto";
import { OAI_LIMITS } from "@repox/contracts";
import { OaiError } from "./protocol.ts";

export type ListState = {
  tenantId: string;
  verb: "ListIdentifiers" | "ListRecords" | "ListSets";
  metadataPrefix: string;
  set?: string;
  /** Epoch milliseconds: `from` inclusive, `until` exclusive. */
  from?: number;
  until: string;
  /** The last record given: its datestamp as the database wrote it, and its id. */
  after: [string, string];
  cursor: number;
  completeListSize: number;
  /** Epoch milliseconds. */
  expires: number;
};

export type TokenCodec = {
  encode(state: ListState): string;
  /** The state of a token this server issued for this tenant and verb, or badResumptionToken. */
  decode(token: string, tenantId: string, verb: ListState["verb"]): ListState;
};

export function createTokenCodec(secret: string, now: () => number = Date.now): TokenCodec {
  const key = createHmac("sha256", secret).update("repox oai-pmh resumption tokens").digest();
  const sign = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");
  const bad = (why: string) => new OaiError("badResumptionToken", why);
  return {
    encode(state) {
      const payload = Buffer.from(JSON.stringify(state)).toString("base64url");
      return `${payload}.${sign(payload)}`;
    },
    decode(token, tenantId, verb) {
      const [payload = "", mac = "", ...rest] = token.split(".");
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(mac);
      if (!payload || rest.length > 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw bad("The resumption token is not one this repository issued.");
      }
      const state = JSON.parse(Buffer.from(payload, "base64url").toString()) as ListState;
      if (state.tenantId !== tenantId || state.verb !== verb) throw bad(`The resumption token does not belong to this ${verb}.`);
      if (state.expires <= now()) throw bad("The resumption token has expired; start the list again.");
      return state;
    },
  };
}

export const tokenExpiry = (now: number) => now + OAI_LIMITS.tokenLifeSeconds * 1000;
