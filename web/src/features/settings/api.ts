// Calls of the General settings page (spec 2 "General settings").
import type { SystemSetting } from "@repox/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { queryKeys } from "../../api/query-keys.ts";

export function useSystemSettings() {
  return useQuery({
    queryKey: queryKeys.systemSettings,
    queryFn: ({ signal }) => api.get<SystemSetting[]>("/system_settings", { signal }),
  });
}

type SettingChange = { settingKey: string; settingValue: string };

/** Saves one setting; the answer is the whole list as it is afterwards. */
export function useSaveSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SettingChange) => api.put<SystemSetting[]>("/system_settings", [change]),
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.systemSettings, settings);
      // The product name, default language and self-registration show outside this page too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.publicSettings });
    },
  });
}
