// Guards "one call layer" (docs/architecture.md): only web/src/api/ talks to the network; features and components
// call it through its functions and query hooks. Fails naming the file and line of any other network call.
import { describe, expect, it } from "vitest";

const SOURCES = import.meta.glob<string>(["./**/*.{ts,tsx}", "!./api/**", "!./layering.test.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

const NETWORK_CALLS: readonly RegExp[] = [/\bfetch\(/, /\bnew (XMLHttpRequest|EventSource|WebSocket)\b/, /\bsendBeacon\(/];

/** Lines of `text` that call the network, as `line: text`. */
function networkLines(text: string): string[] {
  return text.split("\n").flatMap((line, index) => (NETWORK_CALLS.some((call) => call.test(line)) ? [`${index + 1}: ${line.trim()}`] : []));
}

describe("layering: network calls only in web/src/api", () => {
  it("finds the ways a call is made, and not the words in prose or other names", () => {
    expect(networkLines("const a = 1;\nconst response = await fetch(url, { signal });")).toEqual([
      "2: const response = await fetch(url, { signal });",
    ]);
    expect(networkLines("const source = new EventSource(url);\nnavigator.sendBeacon(url, body);")).toHaveLength(2);
    expect(networkLines("// A failed fetch shows the error page.\nquery.refetch();\nclient.prefetchQuery(options);")).toEqual([]);
  });

  it("reads the web app's sources", () => {
    expect(Object.keys(SOURCES)).toContain("./features/file-preview/api.ts");
  });

  it("no file outside web/src/api calls the network", () => {
    const offending = Object.entries(SOURCES).flatMap(([file, text]) => networkLines(text).map((line) => `${file}:${line}`));
    expect(offending).toEqual([]);
  });
});
