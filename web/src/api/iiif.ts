// Public IIIF addresses of the current tenant's content, as viewers (Mirador, Universal Viewer) open them.
import { iiifManifestPath } from "@repox/contracts";
import { currentTenant } from "./tenant.ts";

/** The manifest of a published container, on the origin the app is served from. */
export function iiifManifestUrl(containerUuid: string): string {
  return `${window.location.origin}${iiifManifestPath(currentTenant(), containerUuid)}`;
}
