// WebDAV (issue 16): the limits both the server and the documentation name, and where a tenant's share lives.

export const WEBDAV_LIMITS = {
  /** Largest PROPFIND, PROPPATCH or LOCK body read, in bytes. */
  xmlBodyMaxBytes: 256 * 1024,
  /** Dead properties one resource may carry, and the largest value of one, in characters. */
  propertiesPerResource: 100,
  propertyValueMaxLength: 16 * 1024,
  /** Locks last this long unless the client asks for less; at most `lockMaxSeconds`. */
  lockDefaultSeconds: 600,
  lockMaxSeconds: 3600,
  /** Characters of a uuid's hex added to tell siblings with one label apart: `photo (0190d9f2).jpg`. */
  suffixLength: 8,
} as const;

/** The share's root URL path of a tenant. */
export const webdavPath = (tenantCode: string) => `/${tenantCode}/dav/`;
