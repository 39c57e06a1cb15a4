// The preview table's cells: a container's property values in one line, and how each spreadsheet row fared.
import type { ImportContainer, ImportPreview } from "@repox/contracts";

/** The summary is cut here; the cell's title holds the whole text. */
export const SUMMARY_MAX_CHARS = 160;

type PropertyEntry = ImportContainer["properties"][number];

/** A value as sent: stored JSON text {"values", "qualifiers"} when valid, else what the cell held. */
function valuesOf(value: PropertyEntry["value"]): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "object") return "values" in value ? value.values : value;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) && "values" in parsed) return parsed.values;
  } catch {
    // Not JSON: a value kept as the cell gave it.
  }
  return value;
}

function textOf(values: unknown): string {
  if (values === null || values === undefined) return "";
  if (Array.isArray(values))
    return values
      .map(textOf)
      .filter((text) => text !== "")
      .join(", ");
  if (typeof values === "object") {
    const { placename } = values as Record<string, unknown>;
    return typeof placename === "string" && placename !== "" ? placename : JSON.stringify(values);
  }
  return String(values);
}

/** "title: First; keywords: old, rare": one part per property key, in file order, leaving out empty values. */
export function summariseProperties(properties: readonly PropertyEntry[]): string {
  const byKey = new Map<string, string[]>();
  for (const property of properties) {
    const text = textOf(valuesOf(property.value));
    if (text === "") continue;
    byKey.set(property.key, [...(byKey.get(property.key) ?? []), text]);
  }
  return [...byKey].map(([key, texts]) => `${key}: ${texts.join(", ")}`).join("; ");
}

export function cutSummary(summary: string): string {
  return summary.length > SUMMARY_MAX_CHARS ? `${summary.slice(0, SUMMARY_MAX_CHARS - 1)}…` : summary;
}

export type RowStatus = "error" | "warning";

/** The worst issue of each row that has one (an error outweighs a warning). */
export function rowStatuses(preview: ImportPreview): Map<number, RowStatus> {
  const statuses = new Map<number, RowStatus>();
  for (const warning of preview.warnings) statuses.set(warning.row, "warning");
  for (const error of preview.errors) statuses.set(error.row, "error");
  return statuses;
}
