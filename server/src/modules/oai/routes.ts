// OAI-PMH (issue 16): `/{tenant}/oai` answers the protocol's verbs by GET or by POST of a form, without sign-in and
// limited per address; `/{tenant}/oai/properties.xsd` is the schema of the tenant's properties format.
// `/api/settings/oai`: the harvesting settings (Dublin Core mapping, collection types, administrator's address);
// reading needs repox.store.settings.content_model.show, changing them .edit.
import { ErrorBody, OAI_LIMITS, OAI_SETTINGS_READ_ONLY_FIELDS, OaiSettings, OaiSettingsBody, PERMISSIONS } from "@repox/contracts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requestOrigin as originOf } from "../../platform/http/public-origin.ts";
import type { App } from "../../platform/http/types.ts";
import type { RawArguments } from "./protocol.ts";
import type { OaiService } from "./service.ts";

const TenantParams = z.object({ tenant: z.string().max(63) });
const Argument = z.union([z.string().max(2000), z.array(z.string().max(2000)).max(20)]).optional();
/** The protocol's arguments, and any others: the protocol, not HTTP, answers bad ones (badArgument, badVerb). */
const ProtocolArguments = z.looseObject({
  verb: Argument.describe("Identify, ListMetadataFormats, ListSets, ListIdentifiers, ListRecords or GetRecord"),
  identifier: Argument,
  metadataPrefix: Argument.describe("oai_dc, or the tenant's code for its properties format"),
  from: Argument.describe("UTC, YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ, inclusive"),
  until: Argument.describe("UTC, YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ, inclusive"),
  set: Argument.describe("a set's setSpec (the collection container's uuid)"),
  resumptionToken: Argument,
});
const rateLimit = { max: OAI_LIMITS.requestsPerMinute, timeWindow: 60_000 };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };
const FORM = "application/x-www-form-urlencoded";

/** A form body as the protocol's arguments: a name given twice becomes a list, which the protocol refuses. */
function formArguments(body: string): RawArguments {
  const args: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const earlier = args[name];
    args[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  return args;
}

export function oaiRoutes(app: App, oai: OaiService) {
  const tags = ["OAI-PMH"];
  const config = { access: "public" as const, rateLimit };

  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(FORM, { parseAs: "string", bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, formArguments(body as string)),
    );
    scope.get(
      "/:tenant/oai",
      { config, schema: { tags, params: TenantParams, querystring: ProtocolArguments, response: { 200: z.string(), ...errors } } },
      async (req, reply) =>
        reply.type("text/xml; charset=utf-8").send(await oai.answer(req.params.tenant, req.query as RawArguments, originOf(req))),
    );
    scope.post(
      "/:tenant/oai",
      { config, schema: { tags, params: TenantParams, body: ProtocolArguments, response: { 200: z.string(), ...errors } } },
      async (req, reply) =>
        reply.type("text/xml; charset=utf-8").send(await oai.answer(req.params.tenant, req.body as RawArguments, originOf(req))),
    );
  });
  app.get(
    "/:tenant/oai/properties.xsd",
    { config, schema: { tags, params: TenantParams, response: { 200: z.string(), ...errors } } },
    async (req, reply) => reply.type("text/xml; charset=utf-8").send(await oai.propertiesSchema(req.params.tenant, originOf(req))),
  );

  app.get(
    "/api/settings/oai",
    { config: { access: PERMISSIONS.settingsContentModelShow }, schema: { tags, response: { 200: OaiSettings, ...errors } } },
    (req) => oai.settings(req.ctx, originOf(req)),
  );
  app.put(
    "/api/settings/oai",
    {
      config: {
        access: PERMISSIONS.settingsContentModelEdit,
        readBack: { readOnly: OAI_SETTINGS_READ_ONLY_FIELDS, current: (req) => oai.settings(req.ctx, originOf(req)) },
      },
      schema: { tags, body: OaiSettingsBody, response: { 200: OaiSettings, ...errors } },
    },
    (req) => oai.saveSettings(req.ctx, req.body, originOf(req)),
  );
}
