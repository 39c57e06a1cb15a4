// One QueryClient for the app; the auth feature clears it when the signed-in user changes.
import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/errors.ts";

function shouldRetry(failureCount: number, error: unknown) {
  // Client errors will not change on retry; network and server failures may.
  if (error instanceof ApiError && error.status !== null && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
