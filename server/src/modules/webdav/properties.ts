// PROPFIND answers and PROPPATCH (RFC 4918 §9.1, §9.2, §15): live properties from the content (names, sizes, types,
// dates, locks), dead properties a client stored, kept per container or datastream in webdav_properties.
import { WEBDAV_LIMITS } from "@repox/contracts";
import { BadRequest, Forbidden } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import type { Lock } from "./locks.ts";
import * as repo from "./repository.ts";
import type { Resource } from "./tree.ts";
import {
  DAV,
  type Element,
  importProperty,
  newDocument,
  type PropertyChange,
  type PropertyName,
  type PropfindRequest,
  propertyElement,
  statusLine,
  toXml,
} from "./xml.ts";

type LiveProperty = (element: Element, resource: Resource, locks: Lock[]) => Element | undefined;

const httpDate = (iso: string) => new Date(iso).toUTCString();

/** Timeout as RFC 4918 §10.7 writes it: the seconds left. */
const timeoutOf = (lock: Lock) => `Second-${Math.max(0, Math.round((lock.expires_at.getTime() - Date.now()) / 1000))}`;

export function writeActiveLock(parent: Element, lock: Lock, href: (path: string, isFolder?: boolean) => string): void {
  const active = parent.ele(DAV, "D:activelock");
  active
    .ele(DAV, "D:locktype")
    .ele(DAV, "D:write")
    .up()
    .up()
    .ele(DAV, "D:lockscope")
    .ele(DAV, lock.exclusive ? "D:exclusive" : "D:shared")
    .up()
    .up()
    .ele(DAV, "D:depth")
    .txt(lock.deep ? "infinity" : "0");
  if (lock.owner_xml) importProperty(active, lock.owner_xml);
  active.ele(DAV, "D:timeout").txt(timeoutOf(lock));
  active.ele(DAV, "D:locktoken").ele(DAV, "D:href").txt(lock.token);
  active.ele(DAV, "D:lockroot").ele(DAV, "D:href").txt(href(lock.path));
}

function liveProperties(href: (path: string, isFolder?: boolean) => string): Record<string, LiveProperty> {
  const ifFile =
    (write: (element: Element, file: Extract<Resource, { kind: "file" }>) => void): LiveProperty =>
    (element, resource) => {
      if (resource.kind !== "file") return undefined;
      write(element, resource);
      return element;
    };
  const ifEntry =
    (write: (element: Element, entry: Exclude<Resource, { kind: "root" }>) => void): LiveProperty =>
    (element, resource) => {
      if (resource.kind === "root") return undefined;
      write(element, resource);
      return element;
    };
  return {
    resourcetype: (element, resource) => {
      if (resource.kind !== "file") element.ele(DAV, "D:collection");
      return element;
    },
    displayname: ifEntry((element, entry) => element.txt(entry.label)),
    creationdate: ifEntry((element, entry) => element.txt(new Date(entry.createdAt).toISOString())),
    getlastmodified: ifEntry((element, entry) => element.txt(httpDate(entry.modifiedAt))),
    getcontentlength: ifFile((element, file) => element.txt(String(file.size))),
    getcontenttype: ifFile((element, file) => element.txt(file.mimeType)),
    supportedlock: (element) => {
      for (const scope of ["exclusive", "shared"]) {
        element.ele(DAV, "D:lockentry").ele(DAV, "D:lockscope").ele(DAV, `D:${scope}`).up().up().ele(DAV, "D:locktype").ele(DAV, "D:write");
      }
      return element;
    },
    lockdiscovery: (element, _resource, locks) => {
      for (const lock of locks) writeActiveLock(element, lock, href);
      return element;
    },
  };
}

const isLive = (property: PropertyName) => property.ns === DAV && LIVE_NAMES.has(property.name);
const LIVE_NAMES = new Set([
  "resourcetype",
  "displayname",
  "creationdate",
  "getlastmodified",
  "getcontentlength",
  "getcontenttype",
  "supportedlock",
  "lockdiscovery",
  "getetag",
]);

export type PropfindTarget = { resource: Resource; locks: Lock[] };

/** The multistatus of a PROPFIND over `targets` (the resource, and its members at depth 1). */
export async function propfindAnswer(
  ctx: RequestContext,
  request: PropfindRequest,
  targets: readonly PropfindTarget[],
  href: (path: string, isFolder?: boolean) => string,
): Promise<string> {
  const ids = targets.flatMap(({ resource }) => (resource.kind === "root" ? [] : [resource.id]));
  const dead = await ctx.db.transaction((trx) => repo.listProperties(trx, ids));
  const live = liveProperties(href);
  const root = newDocument("multistatus");
  for (const { resource, locks } of targets) {
    const response = root.ele(DAV, "D:response");
    response.ele(DAV, "D:href").txt(href(resource.path, resource.kind !== "file"));
    const own = resource.kind === "root" ? [] : dead.filter((row) => row.object_id === resource.id);
    const found = response.ele(DAV, "D:propstat");
    const foundProp = found.ele(DAV, "D:prop");
    const missing: PropertyName[] = [];
    const names: PropertyName[] =
      request.kind === "prop"
        ? request.names
        : [...Object.keys(live).map((name) => ({ ns: DAV, name })), ...own.map((row) => ({ ns: row.namespace, name: row.name }))];
    for (const property of names) {
      const write = property.ns === DAV ? live[property.name] : undefined;
      if (write) {
        const element = propertyElement(foundProp, property);
        if (request.kind === "propname") continue;
        if (!write(element, resource, locks)) {
          element.remove();
          missing.push(property);
        }
        continue;
      }
      const stored = own.find((row) => row.namespace === property.ns && row.name === property.name);
      if (!stored) {
        missing.push(property);
        continue;
      }
      if (request.kind === "propname") propertyElement(foundProp, property);
      else importProperty(foundProp, stored.value_xml);
    }
    if ((foundProp.node as unknown as { childNodes: ArrayLike<unknown> }).childNodes.length > 0 || missing.length === 0) {
      found.ele(DAV, "D:status").txt(statusLine(200, "OK"));
    } else {
      found.remove();
    }
    if (missing.length > 0 && request.kind === "prop") {
      const notFound = response.ele(DAV, "D:propstat");
      const prop = notFound.ele(DAV, "D:prop");
      for (const property of missing) propertyElement(prop, property);
      notFound.ele(DAV, "D:status").txt(statusLine(404, "Not Found"));
    }
  }
  return toXml(root);
}

/**
 * Applies a PROPPATCH all or nothing (RFC 4918 §9.2): live properties are protected (403), the others then fail
 * with 424. Answers the multistatus.
 */
export async function proppatchAnswer(
  ctx: RequestContext,
  resource: Resource,
  changes: readonly PropertyChange[],
  href: (path: string, isFolder?: boolean) => string,
): Promise<string> {
  if (resource.kind === "root") throw new Forbidden("The top level of the share takes no properties");
  const protectedNames = changes.filter((change) => isLive(change.property));
  for (const change of changes) {
    if (change.op === "set" && change.xml.length > WEBDAV_LIMITS.propertyValueMaxLength) {
      throw new BadRequest(`A property value may be at most ${WEBDAV_LIMITS.propertyValueMaxLength} characters`);
    }
  }
  if (protectedNames.length === 0) {
    await ctx.db.transaction(async (trx) => {
      for (const change of changes) {
        const { ns, name } = change.property;
        if (change.op === "remove") await repo.removeProperty(trx, resource.id, ns, name);
        else await repo.setProperty(trx, ctx.tenant.id, { object_id: resource.id, namespace: ns, name, value_xml: change.xml });
      }
      if ((await repo.countProperties(trx, resource.id)) > WEBDAV_LIMITS.propertiesPerResource) {
        throw new BadRequest(`A resource may carry at most ${WEBDAV_LIMITS.propertiesPerResource} properties`);
      }
    });
  }
  const root = newDocument("multistatus");
  const response = root.ele(DAV, "D:response");
  response.ele(DAV, "D:href").txt(href(resource.path, resource.kind !== "file"));
  const groups: [PropertyName[], number, string][] =
    protectedNames.length === 0
      ? [[changes.map((change) => change.property), 200, "OK"]]
      : [
          [protectedNames.map((change) => change.property), 403, "Forbidden"],
          [changes.filter((change) => !isLive(change.property)).map((change) => change.property), 424, "Failed Dependency"],
        ];
  for (const [properties, status, text] of groups) {
    if (properties.length === 0) continue;
    const propstat = response.ele(DAV, "D:propstat");
    const prop = propstat.ele(DAV, "D:prop");
    for (const property of properties) propertyElement(prop, property);
    propstat.ele(DAV, "D:status").txt(statusLine(status, text));
  }
  return toXml(root);
}
