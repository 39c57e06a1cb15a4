// Which parts of a label the typed words match, ignoring case and accents as the search does ("cafe" marks "Café",
// "μουσειο" marks "Μουσείο"). Near spellings the server also finds are left unmarked.

export type LabelPart = { text: string; isMatch: boolean };

/** One character folded the way the search compares: no accents, lower case, the Greek final sigma as sigma. */
function fold(character: string): string {
  return character.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/ς/g, "σ");
}

/** The folded label and, for each folded code unit, where its character starts and ends in the label. */
function foldWithOffsets(label: string) {
  let folded = "";
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const character of label) {
    const foldedCharacter = fold(character);
    // A combining accent stored apart from its letter belongs to the letter before it.
    if (foldedCharacter === "" && ends.length > 0) ends[ends.length - 1] = offset + character.length;
    for (let unit = 0; unit < foldedCharacter.length; unit += 1) {
      starts.push(offset);
      ends.push(offset + character.length);
    }
    folded += foldedCharacter;
    offset += character.length;
  }
  return { folded, starts, ends };
}

/** Ranges [start, end) of `label` matched by any word of `query`, sorted and merged. */
export function matchRanges(label: string, query: string): [number, number][] {
  const words = query
    .split(/\s+/)
    .map((word) => [...word].map(fold).join(""))
    .filter((word) => word !== "");
  const { folded, starts, ends } = foldWithOffsets(label);
  const ranges: [number, number][] = [];
  for (const word of words) {
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + word.length)) {
      const start = starts[at];
      const end = ends[at + word.length - 1];
      if (start !== undefined && end !== undefined) ranges.push([start, end]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** The label cut into matched and unmatched parts, in order; one unmatched part when nothing matches. */
export function highlightParts(label: string, query: string): LabelPart[] {
  const parts: LabelPart[] = [];
  let position = 0;
  for (const [start, end] of matchRanges(label, query)) {
    if (start > position) parts.push({ text: label.slice(position, start), isMatch: false });
    parts.push({ text: label.slice(start, end), isMatch: true });
    position = end;
  }
  if (position < label.length || parts.length === 0) parts.push({ text: label.slice(position), isMatch: false });
  return parts;
}
