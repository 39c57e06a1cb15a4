// Test helpers for OAI-PMH: a request and its answer as a DOM, the parts tests read, and validation by xmllint
// against the official schemas (xsd/, offline through xsd/catalog.xml).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { builder, create } from "xmlbuilder2";
import type { Caller } from "../../test/test-app.ts";

export const OAI_NS = "http://www.openarchives.org/OAI/2.0/";
export const DC_NS = "http://purl.org/dc/elements/1.1/";
const XSD_DIR = fileURLToPath(new URL("./xsd/", import.meta.url));

type Element = {
  textContent: string | null;
  getAttribute(name: string): string | null;
  getElementsByTagNameNS(ns: string, name: string): ArrayLike<Element>;
  firstElementChild: Element | null;
  attributes: ArrayLike<{ name: string; value: string }>;
};

export type OaiAnswer = {
  status: number;
  xml: string;
  /** Elements of the OAI namespace named `name`, anywhere in the answer. */
  all(name: string, ns?: string): Element[];
  /** Text of the first such element, or undefined. */
  text(name: string, ns?: string): string | undefined;
  /** The error element's code, if the answer is an error. */
  errorCode: string | undefined;
};

export function readAnswer(status: number, xml: string): OaiAnswer {
  if (!xml.startsWith("<?xml")) throw new Error(`The endpoint answered ${status} without XML: ${xml.slice(0, 500)}`);
  const document = create(xml).node as unknown as Element;
  const all = (name: string, ns = OAI_NS) => Array.from(document.getElementsByTagNameNS(ns, name));
  return {
    status,
    xml,
    all,
    text: (name, ns) => all(name, ns)[0]?.textContent ?? undefined,
    errorCode: all("error")[0]?.getAttribute("code") ?? undefined,
  };
}

export async function oaiGet(caller: Caller, tenantCode: string, query: string): Promise<OaiAnswer> {
  const answer = await caller.request("GET", `/${tenantCode}/oai${query ? `?${query}` : ""}`);
  return readAnswer(answer.statusCode, answer.body);
}

/** Identifiers of a list answer's headers, in order. */
export const identifiersOf = (answer: OaiAnswer) =>
  answer.all("header").map((header) => header.getElementsByTagNameNS(OAI_NS, "identifier")[0]?.textContent ?? "");

/** The metadata payloads of an answer, each as its own XML document. */
export const payloadsOf = (answer: OaiAnswer) =>
  answer.all("metadata").map((metadata) => builder(metadata.firstElementChild as never).toString());

/** xmllint's verdict on documents: undefined when all are valid against `schema` (a file of xsd/ or a path), else
 * its complaints. One xmllint for all of them. */
export function schemaProblems(documents: string | readonly string[], schema: string): string | undefined {
  const list = typeof documents === "string" ? [documents] : documents;
  if (list.length === 0) return undefined;
  const dir = mkdtempSync(join(tmpdir(), "repox-oai-"));
  const files = list.map((xml, index) => {
    const file = join(dir, `${index}.xml`);
    writeFileSync(file, xml);
    return file;
  });
  const schemaPath = schema.includes("/") ? schema : join(XSD_DIR, schema);
  try {
    execFileSync("xmllint", ["--nonet", "--noout", "--schema", schemaPath, ...files], {
      env: { ...process.env, XML_CATALOG_FILES: join(XSD_DIR, "catalog.xml") },
      stdio: "pipe",
    });
    return undefined;
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes a schema text to a temporary file for schemaProblems. */
export function schemaFile(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "repox-oai-xsd-")), "schema.xsd");
  writeFileSync(file, text);
  return file;
}
