// Sending a submission until the server has answered it (issue 12 'No answer lost'): the idempotency key is made once
// per submission and every retry sends the same one, so the server stores one response however often the network
// drops. No answer at all (offline) or a server failure (5xx) is retried after a growing pause or as soon as the
// browser is back online; a 4xx is the server's verdict and is shown, never retried.
import { IDEMPOTENCY_KEY_PATTERN } from "@repox/contracts";
import { ApiError } from "../../api/errors.ts";
import type { PendingSubmission } from "./draft-store.ts";

export type Delivered = { kind: "delivered"; uuid: string };
export type Refused = { kind: "refused"; message: string; status: number };
export type SendSubmission = (pending: PendingSubmission) => Promise<{ uuid: string }>;

export const RETRY_FIRST_DELAY_MS = 1000;
export const RETRY_MAX_DELAY_MS = 30_000;

export function newIdempotencyKey(): string {
  const key = crypto.randomUUID();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new Error("The idempotency key does not match its pattern");
  return key;
}

/** The pause before retry number `attempt` (0-based): 1 s, 2 s, 4 s … up to 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_MAX_DELAY_MS, RETRY_FIRST_DELAY_MS * 2 ** attempt);
}

const isRetryable = (error: unknown) => !(error instanceof ApiError) || error.status === null || error.status >= 500;

/**
 * Sends `pending` until it is delivered or refused. After each failure it reports the attempt through `onRetrying`
 * and waits with `waitToRetry` (a pause that ends early when the browser comes back online, or when `signal` aborts).
 */
export async function deliver(
  pending: PendingSubmission,
  options: {
    send: SendSubmission;
    waitToRetry: (attempt: number) => Promise<void>;
    onRetrying: (attempt: number) => void;
    signal?: AbortSignal;
  },
): Promise<Delivered | Refused> {
  for (let attempt = 0; ; attempt++) {
    options.signal?.throwIfAborted();
    try {
      const { uuid } = await options.send(pending);
      return { kind: "delivered", uuid };
    } catch (error) {
      if (!isRetryable(error)) return { kind: "refused", message: (error as ApiError).message, status: (error as ApiError).status ?? 0 };
      options.onRetrying(attempt);
      await options.waitToRetry(attempt);
    }
  }
}
