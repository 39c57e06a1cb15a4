// The XML of RFC 4918: request bodies (propfind, propertyupdate, lockinfo) read with xmlbuilder2's DOM, and the
// multistatus, prop and lockdiscovery answers written with it. xmlbuilder2 is loaded by the WebDAV scope's first hook
// (routes.ts), so these stay synchronous.
import type { Readable } from "node:stream";
import { WEBDAV_LIMITS } from "@repox/contracts";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces.js";
import { BadRequest, PayloadTooLarge } from "../../platform/errors.ts";
import { xmlBuilder } from "../../platform/xml/xmlbuilder.ts";

export const DAV = "DAV:";

/** A property's name: its namespace ("" for none) and local name. */
export type PropertyName = { ns: string; name: string };

type DomElement = {
  nodeType: number;
  namespaceURI: string | null;
  localName: string;
  childNodes: ArrayLike<DomElement>;
  textContent: string | null;
};

const isElement = (node: DomElement) => node.nodeType === 1;
const elementsOf = (node: DomElement) => Array.from(node.childNodes).filter(isElement);
const isDav = (node: DomElement, name: string) => node.namespaceURI === DAV && node.localName === name;
const nameOf = (node: DomElement): PropertyName => ({ ns: node.namespaceURI ?? "", name: node.localName });
/** An element of a parsed body as XML text, to be stored (a dead property, a lock's owner). */
const xmlOf = (node: DomElement) =>
  xmlBuilder()
    .builder(node as never)
    .toString();

/** The request body as text, at most the limit; a bigger one is refused before it is all read. */
export async function readBody(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > WEBDAV_LIMITS.xmlBodyMaxBytes) {
      stream.resume();
      throw new PayloadTooLarge(`An XML request body may be at most ${WEBDAV_LIMITS.xmlBodyMaxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The document element of an XML body, or undefined for an empty body; malformed XML is a 400. */
function parse(text: string, expected: string): DomElement | undefined {
  if (text.trim() === "") return undefined;
  let root: DomElement | undefined;
  try {
    root = (xmlBuilder().create(text).node as unknown as { documentElement: DomElement }).documentElement;
  } catch {
    throw new BadRequest("The request body is not well-formed XML");
  }
  if (!root || !isDav(root, expected)) throw new BadRequest(`The request body must be a DAV: ${expected} element`);
  return root;
}

export type PropfindRequest = { kind: "allprop" } | { kind: "propname" } | { kind: "prop"; names: PropertyName[] };

export function parsePropfind(text: string): PropfindRequest {
  const root = parse(text, "propfind");
  if (!root) return { kind: "allprop" };
  const [first] = elementsOf(root);
  if (first && isDav(first, "propname")) return { kind: "propname" };
  if (first && isDav(first, "allprop")) return { kind: "allprop" };
  if (first && isDav(first, "prop")) return { kind: "prop", names: elementsOf(first).map(nameOf) };
  throw new BadRequest("A propfind must hold prop, allprop or propname");
}

export type PropertyChange = { op: "set"; property: PropertyName; xml: string } | { op: "remove"; property: PropertyName };

export function parsePropertyUpdate(text: string): PropertyChange[] {
  const root = parse(text, "propertyupdate");
  if (!root) throw new BadRequest("PROPPATCH needs a propertyupdate body");
  const changes: PropertyChange[] = [];
  for (const instruction of elementsOf(root)) {
    const op = isDav(instruction, "set") ? "set" : isDav(instruction, "remove") ? "remove" : undefined;
    if (!op) throw new BadRequest("A propertyupdate holds only set and remove elements");
    for (const prop of elementsOf(instruction).filter((node) => isDav(node, "prop"))) {
      for (const property of elementsOf(prop)) {
        changes.push(op === "set" ? { op, property: nameOf(property), xml: xmlOf(property) } : { op, property: nameOf(property) });
      }
    }
  }
  if (changes.length === 0) throw new BadRequest("The propertyupdate changes no property");
  return changes;
}

export type LockRequest = { exclusive: boolean; ownerXml: string };

/** A lockinfo body; undefined for an empty body (a refresh). */
export function parseLockInfo(text: string): LockRequest | undefined {
  const root = parse(text, "lockinfo");
  if (!root) return undefined;
  const child = (name: string) => elementsOf(root).find((node) => isDav(node, name));
  const scope = child("lockscope");
  const scopeName = scope ? elementsOf(scope)[0] : undefined;
  if (!scopeName || !(isDav(scopeName, "exclusive") || isDav(scopeName, "shared"))) {
    throw new BadRequest("A lockinfo needs a lockscope of exclusive or shared");
  }
  const type = child("locktype");
  if (!type || !elementsOf(type).some((node) => isDav(node, "write"))) throw new BadRequest("Only write locks exist");
  const owner = child("owner");
  return { exclusive: isDav(scopeName, "exclusive"), ownerXml: owner ? xmlOf(owner) : "" };
}

// Answers -----------------------------------------------------------------------------------------------------------

export type Element = XMLBuilder;

export const newDocument = (name: string): Element => xmlBuilder().create({ version: "1.0", encoding: "utf-8" }).ele(DAV, `D:${name}`);

export const toXml = (root: Element): string => root.end({ prettyPrint: false });

/** An element for a property name in any namespace, under `parent`. */
export function propertyElement(parent: Element, property: PropertyName): Element {
  return property.ns === DAV ? parent.ele(DAV, `D:${property.name}`) : parent.ele(property.ns || null, property.name);
}

/** A stored property (its element's XML) under `parent`. */
export function importProperty(parent: Element, xml: string): void {
  parent.import(xmlBuilder().create(xml));
}

export const statusLine = (status: number, text: string) => `HTTP/1.1 ${status} ${text}`;
