// Calls of the Dublin Core mapping page: the tenant's OAI-PMH settings (issue 16, docs/standards.md).
import type { OaiSettings, OaiSettingsBody } from "@repox/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.ts";
import { queryKeys } from "../../../api/query-keys.ts";

const key = [...queryKeys.contentModel, "oai-settings"] as const;

export function useOaiSettings() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => api.get<OaiSettings>("/settings/oai", { signal }) });
}

export function useSaveOaiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OaiSettingsBody) => api.put<OaiSettings>("/settings/oai", body),
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}
