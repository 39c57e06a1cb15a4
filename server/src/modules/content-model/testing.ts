// Test helpers for the content-model API: one-line creations through HTTP that fail loudly.
import type { Caller } from "../../test/test-app.ts";

export async function created<T = Record<string, unknown>>(caller: Caller, url: string, body: unknown): Promise<T> {
  const answer = await caller.request("POST", url, body);
  if (answer.statusCode !== 201) throw new Error(`POST ${url} answered ${answer.statusCode}: ${answer.body}`);
  return answer.json() as T;
}

export const propertyBody = (propertyKey: string, fields: Record<string, unknown> = {}) => ({
  propertyKey,
  displayName: `Label of ${propertyKey}`,
  propertyType: "text",
  ...fields,
});

export const containerTypeBody = (code: string, fields: Record<string, unknown> = {}, properties: unknown[] = []) => ({
  container: {
    code,
    name: `Type ${code}`,
    layout: "DEFAULT",
    containerAcceptance: "",
    datastreamAcceptance: "",
    allowedAtRoot: true,
    ...fields,
  },
  properties,
});

export const datastreamTypeBody = (code: string, fields: Record<string, unknown> = {}, properties: unknown[] = []) => ({
  dataStream: { code, name: `Type ${code}`, layout: "DEFAULT", datastreamAcceptance: "", ...fields },
  properties,
});

/** The enum qualifier `lang` ("Language") limited to `values`, as most tests with qualified values set it up. */
export const newLanguageQualifier = (caller: Caller, values: string[] = ["en", "el"]) =>
  created(caller, "/api/property_qualifiers", {
    qualifierKey: "lang",
    qualifierName: "Language",
    qualifierDetails: JSON.stringify({ values }),
  });
