// The values an enum or multi-select property offers, from the property's details.
import { parsePropertyDetails, type TypeProperty } from "@repox/contracts";

export function choiceOptions(property: TypeProperty): string[] {
  const parsed = parsePropertyDetails(property.propertyType, property.propertyDetails);
  if (!parsed.ok || !("values" in parsed.details)) return [];
  return [...parsed.details.values];
}

/** The vocabulary a vocabulary-flat property draws its terms from, or null when its details name none. */
export function vocabularyOf(property: TypeProperty): string | null {
  const parsed = parsePropertyDetails(property.propertyType, property.propertyDetails);
  return parsed.ok && "vocabularyId" in parsed.details ? parsed.details.vocabularyId : null;
}

/** The container types a reference property accepts; empty means any. */
export function referenceTypesOf(property: TypeProperty): string[] {
  const parsed = parsePropertyDetails(property.propertyType, property.propertyDetails);
  return parsed.ok && "containerTypes" in parsed.details ? [...parsed.details.containerTypes] : [];
}
