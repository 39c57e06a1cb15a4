// OAI-PMH 2.0 responses as XML (the protocol's OAI-PMH.xsd, oai_dc.xsd, and the tenant's properties format, whose
// schema `propertiesSchema` writes). The service decides what to say; this file only says it.
import type { DublinCoreElement } from "@repox/contracts";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces.js";
import { loadXmlBuilder } from "../../platform/xml/xmlbuilder.ts";
import type { OaiError } from "./protocol.ts";

const OAI = "http://www.openarchives.org/OAI/2.0/";
const XSI = "http://www.w3.org/2001/XMLSchema-instance";
const OAI_DC = "http://www.openarchives.org/OAI/2.0/oai_dc/";
const DC = "http://purl.org/dc/elements/1.1/";
const XML = "http://www.w3.org/XML/1998/namespace";
export const OAI_DC_FORMAT = {
  metadataPrefix: "oai_dc",
  schema: "http://www.openarchives.org/OAI/2.0/oai_dc.xsd",
  metadataNamespace: OAI_DC,
};

export type MetadataFormat = { metadataPrefix: string; schema: string; metadataNamespace: string };
export type Header = { identifier: string; datestamp: string; setSpecs: readonly string[]; deleted: boolean };
export type DcValue = { element: DublinCoreElement; text: string; language?: string };
export type PropertyEntry = { key: string; label: string; values: readonly string[]; language?: string };
export type Metadata =
  | { format: "oai_dc"; values: readonly DcValue[] }
  | {
      format: "properties";
      namespace: string;
      schema: string;
      uuid: string;
      label: string;
      type: { code: string; name: string };
      properties: readonly PropertyEntry[];
    };
export type OaiRecord = { header: Header; metadata?: Metadata };
export type Continuation = { token: string; completeListSize: number; cursor: number; expirationDate?: string };

export type OaiBody =
  | {
      verb: "Identify";
      repositoryName: string;
      baseURL: string;
      adminEmail: string;
      earliestDatestamp: string;
    }
  | { verb: "ListMetadataFormats"; formats: readonly MetadataFormat[] }
  | { verb: "ListSets"; sets: readonly { setSpec: string; setName: string }[]; continuation?: Continuation }
  | { verb: "ListIdentifiers"; headers: readonly Header[]; continuation?: Continuation }
  | { verb: "ListRecords"; records: readonly OaiRecord[]; continuation?: Continuation }
  | { verb: "GetRecord"; record: OaiRecord };

/** Characters XML 1.0 cannot carry (control characters, lone surrogates) are dropped. */
const xmlText = (text: string) => text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "");

/** Seconds granularity, as Identify declares. */
export const utcSeconds = (date: Date | string) => `${new Date(date).toISOString().slice(0, 19)}Z`;

type Envelope = { baseURL: string; responseDate: Date; arguments?: Record<string, string> };

export async function oaiResponse(envelope: Envelope, content: OaiBody | OaiError): Promise<string> {
  const { create } = await loadXmlBuilder();
  const root = create({ version: "1.0", encoding: "UTF-8" })
    .ele(OAI, "OAI-PMH")
    .att(XSI, "xsi:schemaLocation", `${OAI} http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd`);
  root.ele(OAI, "responseDate").txt(utcSeconds(envelope.responseDate));
  // After badVerb or badArgument the request element carries the base URL alone (§3.2).
  const request = root.ele(OAI, "request", envelope.arguments ?? {});
  request.txt(envelope.baseURL);
  if ("code" in content) {
    root.ele(OAI, "error", { code: content.code }).txt(xmlText(content.message));
  } else {
    writeBody(root.ele(OAI, content.verb), content);
  }
  return root.end({ headless: false });
}

function writeBody(node: XMLBuilder, body: OaiBody): void {
  switch (body.verb) {
    case "Identify":
      for (const [name, value] of [
        ["repositoryName", body.repositoryName],
        ["baseURL", body.baseURL],
        ["protocolVersion", "2.0"],
        ["adminEmail", body.adminEmail],
        ["earliestDatestamp", body.earliestDatestamp],
        ["deletedRecord", "persistent"],
        ["granularity", "YYYY-MM-DDThh:mm:ssZ"],
      ] as const) {
        node.ele(OAI, name).txt(xmlText(value));
      }
      return;
    case "ListMetadataFormats":
      for (const format of body.formats) {
        const item = node.ele(OAI, "metadataFormat");
        item.ele(OAI, "metadataPrefix").txt(format.metadataPrefix);
        item.ele(OAI, "schema").txt(format.schema);
        item.ele(OAI, "metadataNamespace").txt(format.metadataNamespace);
      }
      return;
    case "ListSets":
      for (const set of body.sets) {
        const item = node.ele(OAI, "set");
        item.ele(OAI, "setSpec").txt(set.setSpec);
        item.ele(OAI, "setName").txt(xmlText(set.setName));
      }
      writeContinuation(node, body.continuation);
      return;
    case "ListIdentifiers":
      for (const header of body.headers) writeHeader(node, header);
      writeContinuation(node, body.continuation);
      return;
    case "ListRecords":
      for (const record of body.records) writeRecord(node, record);
      writeContinuation(node, body.continuation);
      return;
    case "GetRecord":
      writeRecord(node, body.record);
      return;
  }
}

function writeHeader(parent: XMLBuilder, header: Header): void {
  const node = parent.ele(OAI, "header", header.deleted ? { status: "deleted" } : {});
  node.ele(OAI, "identifier").txt(header.identifier);
  node.ele(OAI, "datestamp").txt(utcSeconds(header.datestamp));
  for (const setSpec of header.setSpecs) node.ele(OAI, "setSpec").txt(setSpec);
}

function writeRecord(parent: XMLBuilder, record: OaiRecord): void {
  const node = parent.ele(OAI, "record");
  writeHeader(node, record.header);
  if (!record.metadata || record.header.deleted) return;
  const metadata = node.ele(OAI, "metadata");
  if (record.metadata.format === "oai_dc") {
    const dc = metadata
      .ele(OAI_DC, "oai_dc:dc")
      .att("http://www.w3.org/2000/xmlns/", "xmlns:dc", DC)
      .att(XSI, "xsi:schemaLocation", `${OAI_DC} ${OAI_DC_FORMAT.schema}`);
    for (const value of record.metadata.values) {
      const element = dc.ele(DC, `dc:${value.element}`);
      if (value.language) element.att(XML, "xml:lang", value.language);
      element.txt(xmlText(value.text));
    }
    return;
  }
  const { namespace, schema, uuid, label, type, properties } = record.metadata;
  const root = metadata
    .ele(namespace, "properties", { uuid, label: xmlText(label), type: type.code, typeName: xmlText(type.name) })
    .att(XSI, "xsi:schemaLocation", `${namespace} ${schema}`);
  for (const property of properties) {
    const node = root.ele(namespace, "property", { key: property.key, label: xmlText(property.label) });
    if (property.language) node.att(XML, "xml:lang", property.language);
    for (const value of property.values) node.ele(namespace, "value").txt(xmlText(value));
  }
}

/** On every page of a resumed list, the last one included (with an empty token, §3.5). */
function writeContinuation(parent: XMLBuilder, continuation: Continuation | undefined): void {
  if (!continuation) return;
  const attributes: Record<string, string> = {
    completeListSize: String(continuation.completeListSize),
    cursor: String(continuation.cursor),
  };
  if (continuation.expirationDate) attributes.expirationDate = continuation.expirationDate;
  parent.ele(OAI, "resumptionToken", attributes).txt(continuation.token);
}

/** The XML Schema of the tenant's properties format. */
export function propertiesSchema(namespace: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<schema xmlns="http://www.w3.org/2001/XMLSchema" xmlns:p="${namespace}" targetNamespace="${namespace}"
        elementFormDefault="qualified" attributeFormDefault="unqualified">
  <import namespace="http://www.w3.org/XML/1998/namespace" schemaLocation="http://www.w3.org/2001/xml.xsd"/>
  <annotation><documentation>A container's property values as Repox stores them: each property by its key and
    label, each value as text, in the order of the container type's property groups.</documentation></annotation>
  <element name="properties">
    <complexType>
      <sequence>
        <element name="property" minOccurs="0" maxOccurs="unbounded">
          <complexType>
            <sequence><element name="value" type="string" minOccurs="0" maxOccurs="unbounded"/></sequence>
            <attribute name="key" type="string" use="required"/>
            <attribute name="label" type="string" use="required"/>
            <attribute ref="xml:lang"/>
          </complexType>
        </element>
      </sequence>
      <attribute name="uuid" type="string" use="required"/>
      <attribute name="label" type="string" use="required"/>
      <attribute name="type" type="string" use="required"/>
      <attribute name="typeName" type="string" use="required"/>
    </complexType>
  </element>
</schema>
`;
}
