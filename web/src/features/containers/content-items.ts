// A folder lists two kinds of items, containers and datastreams (files); one key names either in the selection.
import type { ContainerSummary, DatastreamSummary } from "@repox/contracts";

export type ContentItem = { kind: "container"; item: ContainerSummary } | { kind: "datastream"; item: DatastreamSummary };

export const containerItem = (item: ContainerSummary): ContentItem => ({ kind: "container", item });
export const datastreamItem = (item: DatastreamSummary): ContentItem => ({ kind: "datastream", item });

export function itemKey(entry: ContentItem): string {
  return `${entry.kind}:${entry.item.uuid}`;
}

/** The page of a container. */
export const containerPath = (uuid: string) => `/containers/${uuid}`;

/** Where a file opens: its container with the preview over it (spec 1 §2). */
export const datastreamPath = (containerUuid: string, datastreamUuid: string) =>
  `/containers/${containerUuid}?datastream=${encodeURIComponent(datastreamUuid)}`;
