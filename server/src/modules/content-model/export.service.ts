// Content-model export: the chosen parts of the tenant's model as one file. Parts the chosen ones need to import
// elsewhere come along: properties bring their groups, qualifiers and namespaces; types bring the groups.
import { CONTENT_MODEL_FORMAT, CONTENT_MODEL_VERSION, type ContentModelExportBody, type ContentModelFile } from "@repox/contracts";
import {
  groupNamesOf,
  toFileContainerType,
  toFileDatastreamType,
  toFileGroup,
  toFileNamespace,
  toFileProperty,
  toFileQualifier,
} from "./file-items.ts";
import { allGroups } from "./groups.service.ts";
import { allNamespaces } from "./namespaces.service.ts";
import type { VocabularyPort } from "./ports.ts";
import { allProperties } from "./properties.service.ts";
import { allQualifiers } from "./qualifiers.service.ts";
import type { Tx } from "./shared.ts";
import { allTypes } from "./types.service.ts";

export async function exportContentModel(tx: Tx, parts: ContentModelExportBody, vocabularies: VocabularyPort): Promise<ContentModelFile> {
  const groups = await allGroups(tx);
  const groupNames = groupNamesOf(groups);
  const properties = parts.exportProperties ? await allProperties(tx) : [];
  const file: ContentModelFile = { format: CONTENT_MODEL_FORMAT, version: CONTENT_MODEL_VERSION, exportedAt: new Date().toISOString() };

  if (parts.exportNamespaces || parts.exportProperties) {
    const used = new Set(properties.flatMap((property) => (property.namespace ? [property.namespace.toLowerCase()] : [])));
    const namespaces = await allNamespaces(tx);
    const chosen = parts.exportNamespaces ? namespaces : namespaces.filter((namespace) => used.has(namespace.code.toLowerCase()));
    file.namespaces = chosen.map(toFileNamespace);
  }
  if (parts.exportProperties) file.qualifiers = (await allQualifiers(tx)).map(toFileQualifier);
  if (parts.exportProperties || parts.exportContainerTypes || parts.exportDatastreamTypes) file.propertyGroups = groups.map(toFileGroup);
  if (parts.exportVocabularies) file.vocabularies = await vocabularies.exportAll(tx.trx);
  if (parts.exportProperties) file.properties = properties.map((property) => toFileProperty(property, groupNames));
  if (parts.exportDatastreamTypes) {
    file.datastreamTypes = (await allTypes(tx, "datastream")).map((type) => toFileDatastreamType(type, groupNames));
  }
  if (parts.exportContainerTypes) {
    file.containerTypes = (await allTypes(tx, "container")).map((type) => toFileContainerType(type, groupNames));
  }
  return file;
}
