// Wakes a player's held state call (GET /api/str/player/state?wait=) when something in its answer changed: the
// service calls `notify` after its transaction commits. In-process only; with several API processes, held-states.ts
// re-reads the held calls' states every few seconds, so another process's change reaches the player within that time.
import { EventEmitter } from "node:events";

export function createScreenNotifier() {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const key = (tenantId: string, deviceId: string) => `${tenantId}:${deviceId}`;
  return {
    notify(tenantId: string, deviceId: string | null | undefined): void {
      if (deviceId) events.emit(key(tenantId, deviceId));
    },
    /** Resolves on the next notice for the device, after `ms`, or when `signal` aborts, whichever comes first. */
    wait(tenantId: string, deviceId: string, ms: number, signal?: AbortSignal): Promise<void> {
      return new Promise((resolve) => {
        const name = key(tenantId, deviceId);
        const done = () => {
          clearTimeout(timer);
          events.off(name, done);
          signal?.removeEventListener("abort", done);
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, ms));
        events.once(name, done);
        signal?.addEventListener("abort", done, { once: true });
      });
    },
  };
}

export type ScreenNotifier = ReturnType<typeof createScreenNotifier>;
