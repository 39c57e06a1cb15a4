// The one set of chart colours (reports and survey summaries): 16, as spec 3 §9 asks of the grid summary palette.
export const CHART_PALETTE = [
  "#4263eb",
  "#12b886",
  "#fab005",
  "#fa5252",
  "#7950f2",
  "#15aabf",
  "#fd7e14",
  "#40c057",
  "#e64980",
  "#228be6",
  "#82c91e",
  "#be4bdb",
  "#868e96",
  "#a61e4d",
  "#0b7285",
  "#5f3dc4",
] as const;

/** The colour of the index-th series; after the 16th the colours come round again. */
export function paletteColor(index: number): string {
  return CHART_PALETTE[index % CHART_PALETTE.length] ?? CHART_PALETTE[0];
}
