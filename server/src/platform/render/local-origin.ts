// Where this very server can be reached from the machine it runs on: renders open the real viewer page of this
// process in Chromium, never a public address (which may sit behind a proxy, a login wall or another instance).
import type { AddressInfo } from "node:net";
import { ServiceUnavailable } from "../errors.ts";

const ANY_ADDRESS: Record<string, string> = { "0.0.0.0": "127.0.0.1", "::": "::1" };

/** `http://host:port` of a listening server's address (0.0.0.0 and :: reached through loopback). */
export function originOf(address: string | AddressInfo | null): string | undefined {
  if (!address || typeof address === "string") return undefined;
  const host = ANY_ADDRESS[address.address] ?? address.address;
  return `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
}

export type LocalOrigin = { set(address: string | AddressInfo | null): void; require(): string };

export function createLocalOrigin(): LocalOrigin {
  let origin: string | undefined;
  return {
    set(address) {
      origin = originOf(address);
    },
    require() {
      if (!origin) throw new ServiceUnavailable("Exports need the server to listen on a TCP port; it does not (yet).");
      return origin;
    },
  };
}
