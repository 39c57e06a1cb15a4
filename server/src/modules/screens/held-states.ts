// The state calls this process holds (GET /api/str/player/state?wait=) and one sweep every few seconds that re-reads
// the states of all of them, in one transaction per tenant, and wakes those whose state moved. Changes made in this
// process wake their player at once (notifier.ts); the sweep is for another API process's changes. Before, each held
// call re-read its own state every 5 s: 1 000 held players were 400 transactions a second doing nothing.
import type { RequestContext } from "../../platform/http/access.ts";
import type { ScreenNotifier } from "./notifier.ts";

/** The current version of each device's state (a device missing from the answer has none any more). */
type ReadVersions = (ctx: RequestContext, deviceIds: string[]) => Promise<Map<string, string>>;

type HeldCall = { deviceId: string; version: string };
type TenantCalls = { ctx: RequestContext; calls: Set<HeldCall> };

/** Devices whose states one transaction of the sweep reads. */
const SWEEP_BATCH = 500;

export function createHeldStates({
  notifier,
  readVersions,
  everyMs,
}: {
  notifier: ScreenNotifier;
  readVersions: ReadVersions;
  everyMs: number;
}) {
  const tenants = new Map<string, TenantCalls>();
  let timer: NodeJS.Timeout | undefined;
  let isSweeping = false;

  async function sweepTenant(tenantId: string, { ctx, calls }: TenantCalls): Promise<void> {
    const deviceIds = [...new Set([...calls].map((call) => call.deviceId))];
    for (let start = 0; start < deviceIds.length; start += SWEEP_BATCH) {
      const versions = await readVersions(ctx, deviceIds.slice(start, start + SWEEP_BATCH));
      const batch = new Set(deviceIds.slice(start, start + SWEEP_BATCH));
      for (const call of calls) {
        if (batch.has(call.deviceId) && versions.get(call.deviceId) !== call.version) notifier.notify(tenantId, call.deviceId);
      }
    }
  }

  async function sweep(): Promise<void> {
    if (isSweeping) return;
    isSweeping = true;
    try {
      for (const [tenantId, held] of tenants) {
        // A failed read leaves the calls held: the next sweep tries again, and each answers by its deadline anyway.
        await sweepTenant(tenantId, held).catch(() => undefined);
      }
    } finally {
      isSweeping = false;
    }
  }

  return {
    /** Holds a call of `deviceId` whose state is at `version`; `release` when the call answers. */
    hold(ctx: RequestContext, deviceId: string, version: string): { release(): void } {
      const tenantId = ctx.tenant.id;
      const held = tenants.get(tenantId) ?? { ctx, calls: new Set<HeldCall>() };
      tenants.set(tenantId, held);
      const call = { deviceId, version };
      held.calls.add(call);
      if (!timer) {
        timer = setInterval(() => void sweep(), everyMs);
        timer.unref();
      }
      return {
        release() {
          held.calls.delete(call);
          if (held.calls.size === 0 && tenants.get(tenantId) === held) tenants.delete(tenantId);
          if (tenants.size === 0) {
            clearInterval(timer);
            timer = undefined;
          }
        },
      };
    },
  };
}
