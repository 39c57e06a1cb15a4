// The If header's grammar (RFC 4918 §10.4) as clients send it, and what is refused as malformed.
import { describe, expect, it } from "vitest";
import { parseIfHeader, submittedTokens } from "./if-header.ts";

describe("parseIfHeader", () => {
  it("reads untagged lists of tokens, entity tags and negations", () => {
    expect(parseIfHeader('(<urn:uuid:1> ["abc"]) (Not <DAV:no-lock> ["abc"])')).toEqual([
      {
        resource: undefined,
        conditions: [
          { not: false, token: "urn:uuid:1" },
          { not: false, etag: '"abc"' },
        ],
      },
      {
        resource: undefined,
        conditions: [
          { not: true, token: "DAV:no-lock" },
          { not: false, etag: '"abc"' },
        ],
      },
    ]);
  });

  it("reads tagged lists and the tokens they submit", () => {
    const lists = parseIfHeader("<http://host/t/dav/a> (<urn:uuid:1>) <http://host/t/dav/b> (Not <urn:uuid:2>)");
    expect(lists.map((list) => list.resource)).toEqual(["http://host/t/dav/a", "http://host/t/dav/b"]);
    expect([...submittedTokens(lists)]).toEqual(["urn:uuid:1", "urn:uuid:2"]);
  });

  it.each(["", "()", "(<a>", "<a>", "Not (<a>)", "(Not)", '["x"]', "(<a>) junk"])("refuses %j as malformed", (header) => {
    expect(() => parseIfHeader(header)).toThrow(/malformed/);
  });
});
