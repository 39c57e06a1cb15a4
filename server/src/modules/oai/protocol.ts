// An OAI-PMH 2.0 request read from its arguments (query string or form body), by the protocol's rules
// (openarchives.org/OAI/openarchivesprotocol.html §3.1, §4): which arguments each verb takes, which it requires,
// which are exclusive, and the dates of selective harvesting. A request that breaks them answers the protocol's
// error, not an HTTP one.

export type OaiErrorCode =
  | "badArgument"
  | "badResumptionToken"
  | "badVerb"
  | "cannotDisseminateFormat"
  | "idDoesNotExist"
  | "noRecordsMatch"
  | "noMetadataFormats"
  | "noSetHierarchy";

export class OaiError extends Error {
  constructor(
    readonly code: OaiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Selective harvesting: `from` inclusive, `until` exclusive (an inclusive `until` day or second, plus one). */
export type Harvest = { metadataPrefix: string; from?: Date; until?: Date; set?: string };

export type OaiRequest =
  | { verb: "Identify" }
  | { verb: "ListMetadataFormats"; identifier?: string }
  | { verb: "ListSets"; resumptionToken?: string }
  | { verb: "ListIdentifiers" | "ListRecords"; resumptionToken: string }
  | ({ verb: "ListIdentifiers" | "ListRecords"; resumptionToken?: undefined } & Harvest)
  | { verb: "GetRecord"; identifier: string; metadataPrefix: string };

export type OaiVerb = OaiRequest["verb"];

/** Arguments each verb takes: required ones first, then optional; `resumptionToken` is exclusive where allowed. */
const ARGUMENTS: Record<OaiVerb, { required: string[]; optional: string[]; resumable: boolean }> = {
  Identify: { required: [], optional: [], resumable: false },
  ListMetadataFormats: { required: [], optional: ["identifier"], resumable: false },
  ListSets: { required: [], optional: [], resumable: true },
  ListIdentifiers: { required: ["metadataPrefix"], optional: ["from", "until", "set"], resumable: true },
  ListRecords: { required: ["metadataPrefix"], optional: ["from", "until", "set"], resumable: true },
  GetRecord: { required: ["identifier", "metadataPrefix"], optional: [], resumable: false },
};

const isVerb = (verb: string): verb is OaiVerb => Object.hasOwn(ARGUMENTS, verb);

/** Arguments as they arrived: a name given twice is a list. */
export type RawArguments = Record<string, string | string[] | undefined>;

export type ParsedRequest =
  | { ok: true; request: OaiRequest; arguments: Record<string, string> }
  | { ok: false; error: OaiError; verb?: OaiVerb };

export function parseOaiRequest(raw: RawArguments): ParsedRequest {
  const verbArgument = raw.verb;
  if (verbArgument === undefined) return failed("badVerb", "The verb argument is missing.");
  if (Array.isArray(verbArgument)) return failed("badVerb", "The verb argument is repeated.");
  if (!isVerb(verbArgument)) return failed("badVerb", `'${verbArgument.slice(0, 40)}' is not a verb of OAI-PMH 2.0.`);
  const verb = verbArgument;
  const given: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (name === "verb" || value === undefined) continue;
    if (Array.isArray(value)) return failed("badArgument", `The argument '${name}' is repeated.`, verb);
    given[name] = value;
  }
  const rules = ARGUMENTS[verb];
  const allowed = new Set([...rules.required, ...rules.optional, ...(rules.resumable ? ["resumptionToken"] : [])]);
  const unknown = Object.keys(given).find((name) => !allowed.has(name));
  if (unknown) return failed("badArgument", `${verb} does not take the argument '${unknown.slice(0, 40)}'.`, verb);

  if (given.resumptionToken !== undefined) {
    if (Object.keys(given).length > 1) return failed("badArgument", "resumptionToken is an exclusive argument.", verb);
    return { ok: true, request: { verb, resumptionToken: given.resumptionToken } as OaiRequest, arguments: { verb, ...given } };
  }
  const missing = rules.required.find((name) => !given[name]);
  if (missing) return failed("badArgument", `${verb} requires the argument '${missing}'.`, verb);

  if (verb === "ListIdentifiers" || verb === "ListRecords") {
    const harvest = readHarvest(given);
    if (harvest instanceof OaiError) return { ok: false, error: harvest, verb };
    return { ok: true, request: { verb, ...harvest }, arguments: { verb, ...given } };
  }
  return { ok: true, request: { verb, ...given } as OaiRequest, arguments: { verb, ...given } };
}

function failed(code: "badVerb" | "badArgument", message: string, verb?: OaiVerb): ParsedRequest {
  return { ok: false, error: new OaiError(code, message), verb };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SECOND = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** A UTC date of either granularity; `end` gives the first instant after it (for an inclusive `until`). */
function readDate(text: string, name: string): { at: Date; end: Date; granularity: "day" | "second" } | OaiError {
  const day = DAY.exec(text);
  const second = SECOND.exec(text);
  const parts = (day ?? second)?.slice(1).map(Number);
  const bad = new OaiError("badArgument", `${name} must be a UTC date written YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ.`);
  if (!parts) return bad;
  const [year = 0, month = 1, date = 1, hours = 0, minutes = 0, seconds = 0] = parts;
  const at = new Date(Date.UTC(year, month - 1, date, hours, minutes, seconds));
  const sameFields =
    at.getUTCFullYear() === year &&
    at.getUTCMonth() === month - 1 &&
    at.getUTCDate() === date &&
    at.getUTCHours() === hours &&
    at.getUTCMinutes() === minutes &&
    at.getUTCSeconds() === seconds;
  if (!sameFields || year < 1) return bad;
  const end = new Date(at.getTime() + (day ? 86_400_000 : 1000));
  return { at, end, granularity: day ? "day" : "second" };
}

function readHarvest(given: Record<string, string>): Harvest | OaiError {
  const harvest: Harvest = { metadataPrefix: given.metadataPrefix ?? "" };
  if (given.set !== undefined) harvest.set = given.set;
  const from = given.from === undefined ? undefined : readDate(given.from, "from");
  const until = given.until === undefined ? undefined : readDate(given.until, "until");
  if (from instanceof OaiError) return from;
  if (until instanceof OaiError) return until;
  if (from && until && from.granularity !== until.granularity) {
    return new OaiError("badArgument", "from and until must have the same granularity.");
  }
  if (from && until && from.at > until.at) return new OaiError("badArgument", "from must not be later than until.");
  if (from) harvest.from = from.at;
  if (until) harvest.until = until.end;
  return harvest;
}
