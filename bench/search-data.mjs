// The content `npm run bench -- search` searches: containers with labels, property values and folders, written with
// SQL in bulk (generate_series) into a tenant whose content model the benchmark made through the API. Every row goes
// through the same triggers as content saved through the API, so the search documents and the word list are built the
// way the server builds them.
//
// A container n (1-based) is "<material> <object>, <place> <n>" in folder 1 + n % FOLDERS, with a description of
// DESCRIPTION_WORDS words, a material (enum) and, for some, tags (multi-select), a place (spatial map) and notes (rich
// text). Words are picked by multiplicative hashes of n, so each word of a pool is spread evenly over the containers.

export const MATERIALS = (
  "Bronze|Café|Marble|Oak|Glass|Clay|Silk|Linen|Ivory|Résine|Copper|Silver|Gold|Iron|Terracotta|" +
  "Porcelain|Walnut|Ebony|Jade|Amber|Leather|Wool|Cotton|Alabaster|Obsidian|Granite|Limestone|Pewter|" +
  "Enamel|Faïence|Χαλκός|Μάρμαρο|Ξύλο|Πηλός|Γυαλί|Ασήμι|Χρυσός|Pine|Cedar|Horn"
).split("|");
export const OBJECTS = (
  "amphora|statue|coin|tile|mask|lamp|brooch|panel|textile|manuscript|seal|fresco|vessel|krater|kylix|" +
  "lekythos|hydria|oinochoe|pithos|figurine|helmet|shield|sword|spearhead|mirror|comb|ring|necklace|" +
  "bracelet|earring|fibula|cup|bowl|plate|jug|flask|bottle|chalice|icon|reliquary|censer|candlestick|" +
  "chest|casket|tapestry|carpet|banner|map|chart|globe|astrolabe|clock|compass|sextant|telescope|lens|" +
  "inkwell|quill|codex|scroll|tablet|stele|altar|column|capital|frieze|metope|pediment|mosaic|" +
  "sarcophagus|urn|ossuary|diadem|crown|sceptre|throne|chair|table|cabinet|mirror frame|αμφορέας|" +
  "άγαλμα|νόμισμα|λύχνος|εικόνα|κύλικα|κρατήρας|πιθάρι|ειδώλιο|κράνος"
).split("|");
export const PLACES = (
  "Athènes|Roma|Beograd|Sevilla|Kraków|Zürich|Malmö|Lyon|Porto|Gdańsk|Tromsø|Acropolis|Delphi|Olympia|" +
  "Knossos|Mycenae|Sparta|Corinth|Thebes|Argos|Αθήνα|Θεσσαλονίκη|Πάτρα|Ηράκλειο|Βόλος|Ιωάννινα|Καβάλα|" +
  "Χανιά|Ρόδος|Κέρκυρα|Napoli|Firenze|Venezia|Milano|Torino|Genova|Palermo|Bari|Bologna|Verona|Málaga|" +
  "Córdoba|Granada|Toledo|Bilbao|Zaragoza|València|Alacant|Lleida|Girona|Niš|Novi Sad|Subotica|" +
  "Kragujevac|Čačak|Valjevo|Šabac|Smederevo|Požarevac|Zaječar|Genève|Lausanne|Montréal|Québec|" +
  "São Paulo|Brasília|Bogotá|Medellín|Cancún|Mérida|Reykjavík|Akureyri|Düsseldorf|München|Köln|" +
  "Nürnberg|Besançon|Orléans|Nîmes|Angoulême"
).split("|");
const SYLLABLES = "ka lo mi ter sa ven dor pli ux ne ra sto bel qui fa gon tri el zo mar".split(" ");
/** About 800 made-up words (two or three syllables) for descriptions, plus words people would look for. */
export const DESCRIPTION_WORDS = [
  ...SYLLABLES.flatMap((a) => SYLLABLES.map((b) => a + b)),
  ...SYLLABLES.flatMap((a, i) => SYLLABLES.map((b, j) => a + b + SYLLABLES[(i + j) % SYLLABLES.length])),
  ..."excavated restored donated inscription provenance workshop archaic hellenistic byzantine".split(" "),
];
export const TAGS = "exhibited loaned fragile digitised conserved catalogued photographed insured".split(" ");

export const FOLDERS = 1000;
const DESCRIPTION_LENGTH = 12;

/** The bench content type's properties: key, type, details. */
export const BENCH_PROPERTIES = [
  { key: "bench_description", type: "text-area" },
  { key: "bench_material", type: "enum", details: { values: MATERIALS } },
  { key: "bench_tags", type: "multi-select", details: { values: TAGS } },
  { key: "bench_place", type: "spatial-map" },
  { key: "bench_notes", type: "rich-text" },
];

const pick = (pool, n, prime) => pool[Number((BigInt(n) * BigInt(prime)) % BigInt(pool.length))];

/** What the generator writes as container n's label (for choosing queries with known answers). */
export function labelOf(n) {
  return `${pick(MATERIALS, n, 7919)} ${pick(OBJECTS, n, 104729)}, ${pick(PLACES, n, 1299709)} ${n}`;
}

/** The SQL twin of `pick`: pool[(n * prime) mod length], 1-based. */
const pickSql = (param, n, prime) => `(${param}::text[])[1 + ((${n})::bigint * ${prime}) % cardinality(${param}::text[])]`;

/** A uuid made from a number, so runs are repeatable and ids ascend (like the app's uuid v7). */
const idSql = (n, prefix) => `('${prefix}-0000-7000-8000-' || lpad(to_hex(${n}), 12, '0'))::uuid`;
const CONTAINER_ID = "00000000";
const FOLDER_ID = "00000001";

/**
 * Writes the folders (once) and containers [from, to] with their property values. `query(text, params)` runs one
 * statement as the database owner. Each call is one transaction of a few statements.
 */
export async function writeContainers(query, ids, from, to) {
  const { tenantId, userId, itemTypeId } = ids;
  // $1 tenant, $2 user, $3 materials, $4 objects, $5 places, $6 description words, $7 tags, $8 from, $9 to; every
  // statement names all nine (PostgreSQL must know each parameter's type) and uses what it needs.
  const params = [tenantId, userId, MATERIALS, OBJECTS, PLACES, DESCRIPTION_WORDS, TAGS, from, to];
  const typed =
    "$1::uuid is not null and $2::uuid is not null and $3::text[] is not null and $4::text[] is not null and " +
    "$5::text[] is not null and $6::text[] is not null and $7::text[] is not null";
  const series = "generate_series($8::int, $9::int) as n";
  await query("begin");
  await query(
    `insert into containers (tenant_id, id, label, type_id, created_by, modified_by)
     select $1, ${idSql("n", CONTAINER_ID)},
       ${pickSql("$3", "n", 7919)} || ' ' || ${pickSql("$4", "n", 104729)} || ', ' || ${pickSql("$5", "n", 1299709)} || ' ' || n,
       ${itemTypeId}, $2, $2
     from ${series} where ${typed}`,
    params,
  );
  await query(
    `insert into container_edges (tenant_id, parent_id, child_id)
     select $1, ${idSql(`1 + n % ${FOLDERS}`, FOLDER_ID)}, ${idSql("n", CONTAINER_ID)} from ${series} where ${typed}`,
    params,
  );
  const words = Array.from({ length: DESCRIPTION_LENGTH }, (_, i) => pickSql("$6", `n + ${i * 7}`, 15485863 + i * 2)).join(" || ' ' || ");
  await query(
    `insert into property_values (tenant_id, object_type, object_id, property_key, position, value)
     select $1, 'container', ${idSql("n", CONTAINER_ID)}, v.key, 0, v.value
     from ${series}
     cross join lateral (values
       ('bench_description', jsonb_build_object('values', ${words}, 'qualifiers', '[]'::jsonb)),
       ('bench_material', jsonb_build_object('values', ${pickSql("$3", "n", 7919)}, 'qualifiers', '[]'::jsonb)),
       ('bench_tags', case when n % 5 = 0 then jsonb_build_object('values',
         jsonb_build_array(${pickSql("$7", "n", 31)}, ${pickSql("$7", "n + 3", 37)}), 'qualifiers', '[]'::jsonb) end),
       ('bench_place', case when n % 3 = 0 then jsonb_build_object('values', jsonb_build_object('placename',
         ${pickSql("$5", "n", 1299709)}, 'longitude', 23.7, 'latitude', 37.9, 'langitude', 37.9), 'qualifiers', '[]'::jsonb) end),
       ('bench_notes', case when n % 10 = 0 then jsonb_build_object('values',
         '<p>Found near <strong>' || ${pickSql("$5", "n + 1", 1299709)} || '</strong> &amp; ' || ${pickSql("$6", "n", 31)} || '</p>',
         'qualifiers', '[]'::jsonb) end)
     ) as v(key, value)
     where v.value is not null and $2::uuid is not null and $4::text[] is not null`,
    params,
  );
  await query("commit");
}

/** The folders the containers sit in: FOLDERS top-level containers of the folder type. */
export async function writeFolders(query, ids) {
  const { tenantId, userId, folderTypeId } = ids;
  await query("begin");
  await query(
    `insert into containers (tenant_id, id, label, type_id, created_by, modified_by)
     select $1, ${idSql("n", FOLDER_ID)}, 'Collection ' || n, ${folderTypeId}, $2, $2 from generate_series(1, ${FOLDERS}) as n`,
    [tenantId, userId],
  );
  await query(
    `insert into container_edges (tenant_id, parent_id, child_id)
     select $1, null, ${idSql("n", FOLDER_ID)} from generate_series(1, ${FOLDERS}) as n`,
    [tenantId],
  );
  await query("commit");
}
