// The JSON written beside each folder ({name}.container.json) and file ({name}.metadata.json) of an export when
// metadata is asked for: who and what the item is, and its property values as stored, named by the type's labels.
import type { Property } from "@repox/contracts";
import type { ContainerRow, DatastreamRow, Person, StoredValueRow } from "./repository.ts";

type MetadataProperty = { key: string; label: string; propertyType: string | null; values: unknown; qualifiers: unknown };

function common(row: ContainerRow | DatastreamRow) {
  return {
    uuid: row.id,
    label: row.label,
    type: { code: row.type_code, name: row.type_name },
    color: row.color,
    published: row.published,
    createdAt: row.created_at.toISOString(),
    createdBy: person(row.created_by),
    modifiedAt: row.modified_at.toISOString(),
    modifiedBy: person(row.modified_by),
  };
}

const person = (value: Person | null) =>
  value && { uuid: value.uuid, firstname: value.firstname, lastname: value.lastname, email: value.email };

/** Stored values in the type's property order; values of properties the type no longer has come last, by key. */
function propertiesOf(definitions: readonly Property[], stored: readonly StoredValueRow[]): MetadataProperty[] {
  const rank = new Map(definitions.map((property, index) => [property.propertyKey, index]));
  const byKey = new Map(definitions.map((property) => [property.propertyKey, property]));
  return [...stored]
    .sort(
      (a, b) =>
        (rank.get(a.property_key) ?? definitions.length) - (rank.get(b.property_key) ?? definitions.length) ||
        a.property_key.localeCompare(b.property_key) ||
        a.position - b.position,
    )
    .map((row) => {
      const property = byKey.get(row.property_key);
      const { values = null, qualifiers = [] } = (row.value ?? {}) as { values?: unknown; qualifiers?: unknown };
      return {
        key: row.property_key,
        label: property?.displayName || row.property_key,
        propertyType: property?.propertyType ?? null,
        values,
        qualifiers,
      };
    });
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

export function containerMetadata(row: ContainerRow, definitions: readonly Property[], stored: readonly StoredValueRow[]): Buffer {
  return json({ ...common(row), properties: propertiesOf(definitions, stored) });
}

/** `fileName` is the file's name in the archive, beside this metadata. */
export function datastreamMetadata(
  row: DatastreamRow,
  fileName: string,
  definitions: readonly Property[],
  stored: readonly StoredValueRow[],
): Buffer {
  return json({
    ...common(row),
    fileName,
    mimeType: row.mime_type,
    filesize: Number(row.size),
    sha256: row.blob_sha256,
    properties: propertiesOf(definitions, stored),
  });
}
