// The two type reports (spec 2 §7): POST with an empty body, answering {label, value} per type.
import type { TypeReport } from "@repox/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { queryKeys } from "../../api/query-keys.ts";

export type ReportPath = "container_types" | "datastream_types";

export function useTypeReport(path: ReportPath) {
  return useQuery({
    queryKey: [...queryKeys.containers, "type-report", path],
    queryFn: ({ signal }) => api.post<TypeReport>(`/reports/${path}`, {}, { signal }),
  });
}
