// A PUT takes back the body its GET answered (issue 15 §4). A route declares `config.readBack`: the read-only fields
// of its resource (contracts' readOnlyFields) and how to read the resource as its GET answers it. A body sending any of
// those fields has each compared with the stored value: equal ones are ignored (the body schema then drops them),
// changed ones answer 400 naming them. A body sending none costs nothing more. A whole-resource PUT that answers
// fields it does not write and declares no readBack stops the app at start.
import { isDeepStrictEqual } from "node:util";
import { readOnlyFields } from "@repox/contracts";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, preValidationAsyncHookHandler, RouteOptions } from "fastify";
import { z } from "zod";
import { BadRequest } from "../errors.ts";
import type { RequestContext } from "./access.ts";

export type ReadBack = {
  readOnly: readonly string[];
  /** The resource as its GET answers it; called after the params are validated. */
  current(request: FastifyRequest): Promise<unknown>;
};

declare module "fastify" {
  interface FastifyContextConfig {
    readBack?: ReadBack;
  }
}

/** `config.readBack` of a route whose GET is `read(ctx, params)` (params as the route's schema parses them). */
export function readBack<Params>(readOnly: readonly string[], read: (ctx: RequestContext, params: Params) => Promise<unknown>): ReadBack {
  return { readOnly, current: (request) => read(request.ctx, request.params as Params) };
}

/** The body as sent, before the schema drops the fields it does not write. */
const sentBodies = new WeakMap<FastifyRequest, Record<string, unknown>>();

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function readOnlyMessage(fields: readonly string[]): string {
  const names = fields.length === 1 ? fields[0] : `${fields.slice(0, -1).join(", ")} and ${fields.at(-1)}`;
  return `${names} ${fields.length === 1 ? "is" : "are"} read-only and cannot be changed: send ${
    fields.length === 1 ? "it" : "them"
  } as read, or leave ${fields.length === 1 ? "it" : "them"} out`;
}

/**
 * The fields a PUT of a whole resource (its path ends with the resource's id) answers but does not write: such a
 * route must declare `config.readBack`, or a changed one would be dropped without a word. Sub-resource PUTs
 * (`/{uuid}/label`) and bodies that are not plain objects (a list, a preprocessed shape) are not checked.
 */
function unwrittenFields(route: RouteOptions): readonly string[] {
  const isWholeResourcePut = [route.method].flat().includes("PUT") && /\/(:\w+|\*)$/.test(route.url);
  const body = route.schema?.body;
  const answer = (route.schema?.response as Record<number, unknown> | undefined)?.[200];
  if (!isWholeResourcePut || !(body instanceof z.ZodObject) || !(answer instanceof z.ZodObject)) return [];
  return readOnlyFields(answer, body);
}

export function registerReadBack(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    const readBack = route.config?.readBack;
    const unwritten = readBack ? [] : unwrittenFields(route);
    if (unwritten.length > 0) {
      throw new Error(`PUT ${route.url} answers ${unwritten.join(", ")} but does not write them: declare config.readBack`);
    }
    if (!readBack) return;
    const keep: preValidationAsyncHookHandler = async (request) => {
      if (isPlainObject(request.body)) sentBodies.set(request, request.body);
    };
    const compare: preHandlerAsyncHookHandler = async (request) => {
      const sent = sentBodies.get(request);
      const fields = readBack.readOnly.filter((field) => sent && Object.hasOwn(sent, field));
      if (!sent || fields.length === 0) return;
      // As the GET answers it: JSON, so dates are strings and absent fields are absent.
      const stored = JSON.parse(JSON.stringify(await readBack.current(request))) as Record<string, unknown>;
      const changed = fields.filter((field) => !isDeepStrictEqual(sent[field], stored[field]));
      if (changed.length > 0) throw new BadRequest(readOnlyMessage(changed));
    };
    route.preValidation = [...asList(route.preValidation), keep];
    route.preHandler = [...asList(route.preHandler), compare];
  });
}

function asList<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
