// What is wrong with JSON text and where, from the browser's own parser message: its position (when it gives one)
// turned into a line and column, the "at position …" part left out of the reason.
export type JsonProblem = { reason: string; line: number | null; column: number | null };

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** Null for empty or valid text. */
export function jsonProblem(text: string): JsonProblem | null {
  if (text.trim() === "") return null;
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /at position (\d+)/.exec(message)?.[1];
    const reason = message
      .replace(/\s*\(line \d+ column \d+\)/, "")
      .replace(/ in JSON at position \d+/, "")
      .replace(/ at position \d+/, "");
    if (position === undefined) return { reason, line: null, column: null };
    return { reason, ...lineAndColumn(text, Number(position)) };
  }
}
