// Grid or list, kept in session storage under one layout key (spec 1 §2).
import { useSessionStorage } from "@mantine/hooks";

export type ListLayout = "grid" | "list";

export function useLayoutPreference() {
  return useSessionStorage<ListLayout>({ key: "layout", defaultValue: "grid" });
}
