// The screens calls (spec 3 §7 Screens): the paged list, one screen, its status (polled every 5 s), its story and
// activity, and the writes: create, update, delete, pair, push (link), remove (unlink), commands.
import {
  type ActivityItem,
  type Page,
  SCREEN_LIMITS,
  type Screen,
  type ScreenBodyInput,
  type ScreenCommand,
  type ScreenCommandType,
  type ScreenStatus,
  type ScreenStory,
} from "@repox/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { usePageQuery } from "../../api/page-query.ts";

export const SCREENS_PATH = "/str/screens";
const screenPath = (id: string) => `${SCREENS_PATH}/${encodeURIComponent(id)}`;
export const screensKey = ["screens"] as const;
const screenKey = (id: string) => [...screensKey, "item", id] as const;

export function useScreenPage(page: number) {
  return usePageQuery<Screen>([...screensKey, "list"], SCREENS_PATH, { page });
}

export function useScreen(id: string | undefined) {
  return useQuery({
    queryKey: screenKey(id ?? ""),
    queryFn: ({ signal }) => api.get<Screen>(screenPath(id as string), { signal }),
    enabled: id !== undefined,
  });
}

/** Polled every 5 s (spec 3 §4); errors are only logged (spec 3 §8). */
export function useScreenStatus(id: string | undefined) {
  return useQuery({
    queryKey: [...screenKey(id ?? ""), "status"],
    queryFn: ({ signal }) =>
      api.get<ScreenStatus>(`${screenPath(id as string)}/status`, { signal }).catch((error: unknown) => {
        console.warn("Screen status", error);
        throw error;
      }),
    enabled: id !== undefined,
    refetchInterval: SCREEN_LIMITS.statusPollMs,
  });
}

export function useScreenStory(id: string | undefined, storyId: string | null | undefined) {
  return useQuery({
    queryKey: [...screenKey(id ?? ""), "story", storyId],
    queryFn: ({ signal }) => api.get<ScreenStory>(`${screenPath(id as string)}/story`, { signal }),
    enabled: id !== undefined && !!storyId,
  });
}

export function useScreenActivity(id: string, page: number) {
  return usePageQuery<ActivityItem>([...screenKey(id), "activity"], `${screenPath(id)}/activity`, { page });
}

/** Every screen write refreshes the screen, its status and the list. */
function useScreenWrite<A, R>(call: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: screensKey }) });
}

export function useScreenWrites(id: string | undefined) {
  const path = () => screenPath(id as string);
  return {
    create: useScreenWrite((body: ScreenBodyInput) => api.post<Screen>(SCREENS_PATH, body)),
    update: useScreenWrite((body: ScreenBodyInput) => api.put<Screen>(path(), body)),
    remove: useScreenWrite(() => api.delete(path())),
    pair: useScreenWrite((activationCode: string) => api.post<Screen>(`${path()}/pair`, { activationCode })),
    link: useScreenWrite((storyId: string) => api.post<Screen>(`${path()}/link`, { storyId })),
    unlink: useScreenWrite(() => api.post<Screen>(`${path()}/unlink`, {})),
    command: useScreenWrite((type: ScreenCommandType) => api.post<ScreenCommand>(`${path()}/commands`, { type })),
  };
}

export type ScreenPage = Page<Screen>;
