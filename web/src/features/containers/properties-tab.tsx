// The Properties tab: the container's property values, read afresh with the container.
import type { ContainerSummary } from "@repox/contracts";
import { QueryStatus } from "../../components/query-status.tsx";
import { useContainer } from "./api.ts";
import { propertyDisplays } from "./property-display.ts";
import { PropertyListView } from "./property-list-view.tsx";

export function PropertiesTab({ container }: { container: ContainerSummary }) {
  const full = useContainer(container.uuid);
  if (!full.data) return <QueryStatus isLoading={full.isLoading} error={full.error} />;
  return <PropertyListView entries={propertyDisplays(full.data.properties)} typeCode={full.data.type.code} />;
}
