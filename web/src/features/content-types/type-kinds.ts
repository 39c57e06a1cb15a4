// The two kinds of type this feature edits: where each lives in the API and in the app, and which layouts it offers.
import type { TypeLayout } from "@repox/contracts";

export type TypeKind = "container" | "datastream";

type KindConfig = { apiPath: string; route: string; layouts: readonly TypeLayout[] };

export const TYPE_KINDS: Record<TypeKind, KindConfig> = {
  container: {
    apiPath: "/container_types",
    route: "/settings/content-model/container-types",
    layouts: ["DEFAULT", "RECORD", "CATALOGUING"],
  },
  // Datastreams are created with the default or the record form (spec 1 §4).
  datastream: {
    apiPath: "/datastream_types",
    route: "/settings/content-model/datastream-types",
    layouts: ["DEFAULT", "RECORD"],
  },
};

/** The create route: a search parameter, because every word could also be a type code. */
export const CREATE_PARAM = "create";

export const typeRoute = (kind: TypeKind, code?: string) =>
  code === undefined ? TYPE_KINDS[kind].route : `${TYPE_KINDS[kind].route}/${encodeURIComponent(code)}`;

export const typeApiPath = (kind: TypeKind, code: string) => `${TYPE_KINDS[kind].apiPath}/${encodeURIComponent(code)}`;
