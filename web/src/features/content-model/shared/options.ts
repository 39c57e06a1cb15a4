// Select options from a list the API answered, plus chosen values it did not hold (a first page is all a select
// loads), so those still show and can be removed.
export type Option = { value: string; label: string };

export function optionsWithChosen(options: Option[], chosen: readonly string[]): Option[] {
  const known = new Set(options.map((option) => option.value));
  return [...options, ...chosen.filter((value) => !known.has(value)).map((value) => ({ value, label: value }))];
}

/** An item keyed by its code, shown as 'Name (code)'. */
export function codeOption(item: { code: string; name: string }): Option {
  return { value: item.code, label: `${item.name} (${item.code})` };
}
