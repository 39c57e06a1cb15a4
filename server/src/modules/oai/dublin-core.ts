// Dublin Core from the content model: which properties fill each of the 15 elements. Until a tenant saves its own
// mapping, a property goes to the element its key or name says (title, creator, date, …, in English and in the
// product's other languages where the word is common), which is what a new tenant's demo model needs.
import { DUBLIN_CORE_ELEMENTS, type DublinCoreElement, type DublinCoreMapping } from "@repox/contracts";

/** Words (folded: lower case, no accents) that send a property to an element. */
const ELEMENT_WORDS: Record<DublinCoreElement, readonly string[]> = {
  title: ["title", "name", "titlos", "τιτλος", "titolo", "titulo", "naslov", "ονομα"],
  creator: ["creator", "author", "artist", "maker", "photographer", "δημιουργος", "autore", "autor", "συγγραφεας"],
  subject: ["subject", "subjects", "keyword", "keywords", "topic", "θεμα", "soggetto", "tema", "λεξεις-κλειδια"],
  description: ["description", "abstract", "summary", "περιγραφη", "descrizione", "descripcion", "opis"],
  publisher: ["publisher", "εκδοτης", "editore", "editorial"],
  contributor: ["contributor", "contributors"],
  date: ["date", "year", "created", "dated", "ημερομηνια", "data", "fecha", "datum"],
  type: ["type", "genre", "kind", "object type", "τυπος", "tipo"],
  format: ["format", "medium", "dimensions", "extent", "διαστασεις"],
  identifier: ["identifier", "inventory number", "accession number", "call number", "isbn", "doi", "κωδικος"],
  source: ["source", "provenance", "πηγη", "fonte", "fuente"],
  language: ["language", "lang", "γλωσσα", "lingua", "idioma"],
  relation: ["relation", "related", "see also"],
  coverage: ["coverage", "place", "location", "period", "τοπος", "luogo", "lugar"],
  rights: ["rights", "license", "licence", "copyright", "δικαιωματα", "diritti", "derechos"],
};

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[_.]+/g, " ")
    .trim();

/** The element a property's key or display name names, if any (the key's last segment counts: `dc.title`). */
export function elementNamedBy(propertyKey: string, displayName: string): DublinCoreElement | undefined {
  const candidates = [fold(displayName), fold(propertyKey), fold(propertyKey.split(/[.:]/).at(-1) ?? "")];
  return DUBLIN_CORE_ELEMENTS.find((element) => candidates.some((candidate) => ELEMENT_WORDS[element].includes(candidate)));
}

export function defaultMapping(properties: readonly { property_key: string; display_name: string }[]): DublinCoreMapping {
  const mapping = Object.fromEntries(DUBLIN_CORE_ELEMENTS.map((element) => [element, [] as string[]])) as DublinCoreMapping;
  for (const property of properties) {
    const element = elementNamedBy(property.property_key, property.display_name);
    if (element) mapping[element].push(property.property_key);
  }
  return mapping;
}

/** A stored mapping with every element present, properties that no longer exist left out. */
export function completeMapping(stored: Partial<Record<string, string[]>>, existing: ReadonlySet<string>): DublinCoreMapping {
  return Object.fromEntries(
    DUBLIN_CORE_ELEMENTS.map((element) => [element, (stored[element] ?? []).filter((key) => existing.has(key))]),
  ) as DublinCoreMapping;
}
