// The If request header (RFC 4918 §10.4): lists of conditions on lock tokens and entity tags, optionally tagged with
// the resource they are about. Parsed here; evaluated by the lock rules (locks.ts).
import { BadRequest } from "../../platform/errors.ts";

export type Condition = { not: boolean } & ({ token: string } | { etag: string });
export type ConditionList = { resource: string | undefined; conditions: Condition[] };

const TOKEN = /\s*(?:(<[^>]*>)|(\[[^\]]*\])|(\()|(\))|([Nn][Oo][Tt])(?=[\s<[]))/y;

export function parseIfHeader(header: string): ConditionList[] {
  const lists: ConditionList[] = [];
  let resource: string | undefined;
  let open: ConditionList | undefined;
  let negate = false;
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < header.length) {
    if (/^\s*$/.test(header.slice(TOKEN.lastIndex))) break;
    const match = TOKEN.exec(header);
    if (!match) throw new BadRequest("The If header is malformed");
    const [, coded, etag, opening, closing, not] = match;
    if (opening) {
      if (open) throw new BadRequest("The If header is malformed: a list opens inside another");
      open = { resource, conditions: [] };
    } else if (closing) {
      if (!open || open.conditions.length === 0 || negate) throw new BadRequest("The If header is malformed: an empty list");
      lists.push(open);
      open = undefined;
    } else if (not) {
      if (!open || negate) throw new BadRequest("The If header is malformed: Not outside a list");
      negate = true;
    } else if (coded) {
      const value = coded.slice(1, -1);
      if (open) open.conditions.push({ not: negate, token: value });
      else resource = value;
      negate = false;
    } else if (etag) {
      if (!open) throw new BadRequest("The If header is malformed: an entity tag outside a list");
      open.conditions.push({ not: negate, etag: etag.slice(1, -1) });
      negate = false;
    }
  }
  if (open || lists.length === 0) throw new BadRequest("The If header is malformed");
  return lists;
}

/** The lock tokens a request submits: every token its If header names (RFC 4918 §10.4.1). */
export function submittedTokens(lists: readonly ConditionList[]): Set<string> {
  const tokens = new Set<string>();
  for (const list of lists) {
    for (const condition of list.conditions) if ("token" in condition) tokens.add(condition.token);
  }
  return tokens;
}
