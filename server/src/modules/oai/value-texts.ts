// The text a harvester gets for one stored property value (contracts/src/property-values.ts lists what each type
// stores): one string per value, rich text as plain text, vocabulary terms by their labels, references as the OAI
// identifiers of the containers they name.
import type { PropertyTypeCode } from "@repox/contracts";
import { decodeHTML } from "entities";

export type ValueContext = {
  /** The label of a term of a vocabulary; undefined when the term is gone. */
  termLabel(vocabularyId: string, termId: string): string | undefined;
  identifierOf(containerUuid: string): string;
};

const strings = (values: unknown): string[] => (Array.isArray(values) ? values.map(String) : []);

/** Rich text without its markup: block ends become line breaks, entities their characters. */
function plainText(html: string): string {
  const withBreaks = html.replace(/<\/(p|div|li|h[1-6]|blockquote)>|<br\s*\/?>/gi, "\n");
  return decodeHTML(withBreaks.replace(/<[^>]*>/g, ""))
    .replace(/[ \t]+\n/g, "\n")
    .trim();
}

export function valueTexts(
  type: PropertyTypeCode | string,
  details: { vocabularyId?: string },
  values: unknown,
  context: ValueContext,
): string[] {
  if (values === null || values === undefined) return [];
  switch (type) {
    case "rich-text":
      return typeof values === "string" ? [plainText(values)].filter(Boolean) : [];
    case "multi-select":
      return strings(values);
    case "vocabulary-flat":
      return strings(values).map((termId) => (details.vocabularyId && context.termLabel(details.vocabularyId, termId)) || termId);
    case "reference":
      return strings(values).map((uuid) => context.identifierOf(uuid));
    case "spatial-map": {
      const place = values as { placename?: string; latitude?: unknown; longitude?: unknown };
      const position = place.latitude !== undefined && place.longitude !== undefined ? `${place.latitude}, ${place.longitude}` : "";
      if (place.placename && position) return [`${place.placename} (${position})`];
      return [place.placename || position].filter((text): text is string => Boolean(text));
    }
    case "json":
      return [JSON.stringify(values)];
    default:
      return [String(values)];
  }
}

/** The language a value is written in, from a qualifier named like one ("language", "lang", "xml:lang"). */
export function languageOf(qualifiers: unknown): string | undefined {
  if (!Array.isArray(qualifiers)) return undefined;
  const found = qualifiers.find(
    (q: { qualifierKey?: unknown }) => typeof q?.qualifierKey === "string" && /^(xml:)?lang(uage)?$/i.test(q.qualifierKey),
  ) as { qualifierValue?: unknown } | undefined;
  const language = typeof found?.qualifierValue === "string" ? found.qualifierValue.trim() : "";
  return /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(language) ? language : undefined;
}
