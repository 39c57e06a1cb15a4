// Wakes a player's held state call (GET /api/str/player/state?wait=) when something in its answer changed: the
// service calls `notify` after its transaction commits. In-process only; with several API processes, held-states.ts
// re-reads the held calls' states every few seconds, so another process's change reaches the player within that time.
// When the server shuts down, `close` ends every wait at once: held calls answer instead of holding the shutdown up
// to 25 s (a process manager would kill it first), and the players come back to the next process.
import { EventEmitter } from "node:events";

const CLOSING = Symbol("closing");

export function createScreenNotifier() {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let isClosed = false;
  const key = (tenantId: string, deviceId: string) => `${tenantId}:${deviceId}`;
  return {
    notify(tenantId: string, deviceId: string | null | undefined): void {
      if (deviceId) events.emit(key(tenantId, deviceId));
    },
    /** Resolves on the next notice for the device, after `ms`, when `signal` aborts or the server closes. */
    wait(tenantId: string, deviceId: string, ms: number, signal?: AbortSignal): Promise<void> {
      if (isClosed) return Promise.resolve();
      return new Promise((resolve) => {
        const name = key(tenantId, deviceId);
        const done = () => {
          clearTimeout(timer);
          events.off(name, done);
          events.off(CLOSING, done);
          signal?.removeEventListener("abort", done);
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, ms));
        events.once(name, done);
        events.once(CLOSING, done);
        signal?.addEventListener("abort", done, { once: true });
      });
    },
    get isClosed(): boolean {
      return isClosed;
    },
    /** Ends every wait now and every later one at once (the server is shutting down). */
    close(): void {
      isClosed = true;
      events.emit(CLOSING);
    },
  };
}

export type ScreenNotifier = ReturnType<typeof createScreenNotifier>;
