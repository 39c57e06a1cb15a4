// The OpenAPI document at /api/openapi.json (browsable at /api/docs): @fastify/swagger over the routes' zod schemas,
// plus what a zod schema cannot say because Fastify does not parse it — multipart uploads and raw bodies read as
// streams, file and archive answers, the tus protocol's headers — declared by each route in `schema.documented`, and
// who may call each route, derived from its `config.access`.
import swagger, { type SwaggerTransform } from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import {
  Container,
  ContentProperty,
  Datastream,
  ErrorBody,
  PRODUCT_VERSION,
  Slide,
  SlideDetails,
  Story,
  StoryDetails,
  StoryElement,
  StoryView,
  Survey,
  SurveyBody,
} from "@repox/contracts";
import type { FastifyInstance, RouteOptions } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { OpenAPIV3 } from "openapi-types";
import { type ZodType, z } from "zod";
import type { Access } from "./access.ts";

/** A response this route sends that its zod `response` schemas do not describe (files, archives, empty answers). */
export type DocumentedResponse = {
  description: string;
  /** Media type → body schema; without it the answer has no body. */
  content?: Record<string, ZodType>;
  /** Header name → its schema, with the description (@fastify/swagger moves it to the header object). */
  headers?: Record<string, OpenAPIV3.SchemaObject & { description: string }>;
};

/** Documentation of what the route reads or answers outside Fastify's parsing and serialising; never validated. */
export type DocumentedOperation = {
  /** The body as the route reads it itself (multipart parts, a raw file); its media types are the route's `consumes`. */
  body?: ZodType;
  /** Request headers the route reads (Range, the tus headers). */
  headers?: ZodType;
  responses?: Record<number, DocumentedResponse>;
  /** Overrides the security derived from `config.access` (routes that check their own credentials). */
  security?: OpenAPIV3.SecurityRequirementObject[];
};

declare module "fastify" {
  interface FastifySchema {
    documented?: DocumentedOperation;
  }
  interface FastifyInstance {
    /** Every route registered, as Fastify's router holds it; the OpenAPI test compares the document with it. */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

export type RegisteredRoute = { method: string; url: string; isHidden: boolean };

export const SECURITY_SCHEMES: Record<string, OpenAPIV3.SecuritySchemeObject> = {
  tenant: {
    type: "apiKey",
    in: "header",
    name: "X-TenantID",
    description: "The tenant's code (the first segment of the web app's path). Every tenant route needs it.",
  },
  bearer: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "The `jwtToken` answered by POST /api/auth/jwt. A token is valid only at the tenant that issued it.",
  },
  signedUrl: {
    type: "apiKey",
    in: "query",
    name: "sig",
    description:
      "A signed link answered by the API (for example POST /api/datastreams/{uuid}/urls), used as given: its `tenant`, `exp`, `uid` and `sig` query parameters stand for the user it was made for until it expires.",
  },
  tenantQuery: {
    type: "apiKey",
    in: "query",
    name: "tenant",
    description: "The tenant's code as a query parameter, for public media that an <img> loads without headers.",
  },
  device: {
    type: "apiKey",
    in: "header",
    name: "Authorization",
    description: "A paired screen's credentials, `Device <deviceId>.<deviceSecret>` as answered by POST /api/str/player/register.",
  },
  platform: {
    type: "http",
    scheme: "bearer",
    description: "The operator's REPOX_PLATFORM_TOKEN. While it is unset the operator API answers 404.",
  },
};

/**
 * Schemas many operations share, named in components.schemas and referenced, not copied into each operation: the
 * document and a client generated from it would otherwise repeat a story's details in every story route.
 */
const SHARED_SCHEMAS: Record<string, ZodType> = {
  ErrorBody,
  Container,
  ContentProperty,
  Datastream,
  Story,
  StoryDetails,
  Slide,
  SlideDetails,
  StoryElement,
  StoryView,
  Survey,
  SurveyBody,
};

function nameSharedSchemas(): void {
  for (const [id, schema] of Object.entries(SHARED_SCHEMAS)) {
    if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
  }
}

const SIGNED_IN: OpenAPIV3.SecurityRequirementObject = { tenant: [], bearer: [] };

/** Who may call a route, in OpenAPI's terms (see access.ts for the meaning of each level). */
export function securityOf(access: Access | undefined): OpenAPIV3.SecurityRequirementObject[] {
  switch (access) {
    case undefined:
    case "public":
      return [];
    case "platform":
      return [{ platform: [] }];
    case "tenant":
      return [{ tenant: [] }, SIGNED_IN];
    case "tenant-media":
      return [{ tenant: [] }, { tenantQuery: [] }];
    case "signed-in":
      return [SIGNED_IN];
    case "signed-url":
      return [SIGNED_IN, { signedUrl: [] }];
    default:
      return [SIGNED_IN];
  }
}

const LEVELS: ReadonlySet<string> = new Set(["public", "platform", "tenant", "tenant-media", "signed-in", "signed-url"]);

type Transformed = { schema: Record<string, unknown>; url: string };

/** A response with a body goes through the zod transform (`{description, content}`); one without, after it. */
function splitResponses(responses: Record<number, DocumentedResponse>) {
  const withContent: Record<string, unknown> = {};
  for (const [code, response] of Object.entries(responses)) {
    if (!response.content) continue;
    const content = Object.fromEntries(Object.entries(response.content).map(([type, schema]) => [type, { schema }]));
    withContent[code] = { description: response.description, content };
  }
  return withContent;
}

const transform: SwaggerTransform = (input) => {
  const { documented, ...schema } = (input.schema ?? {}) as { documented?: DocumentedOperation } & Record<string, unknown>;
  if (!documented) return decorate(jsonSchemaTransform({ ...input, schema }) as Transformed, input.route, undefined);
  const merged = {
    ...schema,
    ...(documented.body ? { body: documented.body } : {}),
    ...(documented.headers ? { headers: documented.headers } : {}),
    response: { ...(schema.response as object | undefined), ...splitResponses(documented.responses ?? {}) },
  };
  return decorate(jsonSchemaTransform({ ...input, schema: merged }) as Transformed, input.route, documented);
};

/** Security, the permission a route needs, and the parts of documented responses the zod transform does not carry. */
function decorate(result: Transformed, route: RouteOptions, documented: DocumentedOperation | undefined): Transformed {
  if (result.schema.hide) return result;
  const access = route.config?.access;
  const schema: Record<string, unknown> = { ...result.schema, security: documented?.security ?? securityOf(access) };
  if (access && !LEVELS.has(access)) {
    const needs = `Needs the permission \`${access}\`.`;
    schema.description = typeof schema.description === "string" ? `${schema.description}\n\n${needs}` : needs;
  }
  const responses = { ...(schema.response as Record<string, Record<string, unknown>> | undefined) };
  for (const [code, response] of Object.entries({ ...deletedAnswer(route, responses), ...documented?.responses })) {
    // `type: null` tells @fastify/swagger the answer has no body.
    const described = response.content ? { ...responses[code] } : { type: "null", description: response.description };
    responses[code] = response.headers ? { ...described, headers: response.headers } : described;
  }
  if (Object.keys(responses).length > 0) schema.response = responses;
  return { ...result, schema };
}

/** The repository's DELETE routes answer 204 without a body; one that answers otherwise declares its 2xx schema. */
function deletedAnswer(route: RouteOptions, responses: Record<string, unknown>): Record<number, DocumentedResponse> {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const hasSuccess = Object.keys(responses).some((code) => code.startsWith("2"));
  return methods.includes("DELETE") && !hasSuccess ? { 204: { description: "Deleted" } } : {};
}

/** Keeps the list of registered routes for `app.registeredRoutes`; HEAD routes Fastify adds for each GET included. */
function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate("registeredRoutes", routes);
  app.addHook("onRoute", (route) => {
    const isHidden = route.schema?.hide === true;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) routes.push({ method, url: route.url, isHidden });
  });
}

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  recordRoutes(app);
  nameSharedSchemas();
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Repox API",
        version: PRODUCT_VERSION,
        description:
          "Every tenant route takes the tenant's code in the X-TenantID header; signed-in routes also a bearer token from POST /api/auth/jwt. Errors answer `{status, error, message}`.",
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
}
