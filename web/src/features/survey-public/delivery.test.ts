import { IDEMPOTENCY_KEY_PATTERN } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/errors.ts";
import { deliver, newIdempotencyKey, retryDelay } from "./delivery.ts";
import { draftKey, memoryDraftStorage, type PendingSubmission } from "./draft-store.ts";

const pending: PendingSubmission = { key: newIdempotencyKey(), submission: { answers: [] } };

describe("delivering a submission", () => {
  it("makes keys the server accepts, different each time", () => {
    expect(pending.key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(newIdempotencyKey()).not.toBe(pending.key);
  });

  it("retries network failures and server errors with the same key until delivered", async () => {
    const keys: string[] = [];
    const failures = [new ApiError("Something went wrong.", null), new ApiError("Bad gateway", 502)];
    const retries: number[] = [];
    const outcome = await deliver(pending, {
      send: async (sent) => {
        keys.push(sent.key);
        const failure = failures.shift();
        if (failure) throw failure;
        return { uuid: "r1" };
      },
      waitToRetry: async () => {},
      onRetrying: (attempt) => retries.push(attempt),
    });
    expect(outcome).toEqual({ kind: "delivered", uuid: "r1" });
    expect(keys).toEqual([pending.key, pending.key, pending.key]);
    expect(retries).toEqual([0, 1]);
  });

  it("never retries a 4xx, answering the server's message", async () => {
    let calls = 0;
    const outcome = await deliver(pending, {
      send: async () => {
        calls++;
        throw new ApiError("You have already responded to this survey.", 409);
      },
      waitToRetry: async () => {},
      onRetrying: () => {},
    });
    expect(outcome).toEqual({ kind: "refused", message: "You have already responded to this survey.", status: 409 });
    expect(calls).toBe(1);
  });

  it("waits longer after each failure, up to 30 seconds", () => {
    expect([0, 1, 2, 3, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 30_000]);
  });

  it("keeps one draft per tenant, survey and link", async () => {
    const storage = memoryDraftStorage();
    const draft = {
      answers: { a: "x" },
      respondent: { email: "", firstName: "", lastName: "", organization: "" },
      sectionId: null,
      pending,
      savedAt: 1,
    };
    await storage.write(draftKey("demo", "s", "t1"), draft);
    expect(await storage.read(draftKey("demo", "s", "t1"))).toEqual(draft);
    expect(await storage.read(draftKey("demo", "s", undefined))).toBeUndefined();
    expect(await storage.read(draftKey("other", "s", "t1"))).toBeUndefined();
    await storage.remove(draftKey("demo", "s", "t1"));
    expect(await storage.read(draftKey("demo", "s", "t1"))).toBeUndefined();
  });
});
