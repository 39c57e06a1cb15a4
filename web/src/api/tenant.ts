// The tenant is the first segment of the page path (spec 1 §1); every call sends it as X-TenantID.

/** Where a path without a tenant goes, matching the server's REPOX_DEFAULT_TENANT default. */
export const DEFAULT_TENANT = "demo";

export function tenantFromPath(pathname: string): string | null {
  const segment = pathname.split("/")[1];
  return segment ? decodeURIComponent(segment) : null;
}

export function currentTenant(): string {
  return tenantFromPath(window.location.pathname) ?? DEFAULT_TENANT;
}
