// A harvester nobody here wrote harvests a tenant of over 10 000 published records: HTTP::OAI's command-line client
// (Debian libhttp-oai-perl, `oai_pmh`) over real HTTP, following the resumption tokens to the end. The set harvested
// on its own is a smaller collection beside the large one: still several pages, and none of the other's records.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { OAI_LIMITS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { insertContainers, newContainer, newContainerType } from "../containers/testing.ts";
import { oaiGet } from "./testing.ts";

const RECORDS = 10_000;
const SET_RECORDS = 250;
const run = promisify(execFile);

let t: TestApp;
let tenant: TestTenant;
let baseUrl: string;
let collection: string;
let plans: string;
let planItems: string[];

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await newContainerType(tenant.admin, "item");
  await newContainerType(tenant.admin, "fonds", { containerAcceptance: "item" });
  collection = (await newContainer(tenant.admin, { label: "Harbour photographs", type: "fonds" })).uuid;
  plans = (await newContainer(tenant.admin, { label: "Ship plans", type: "fonds" })).uuid;
  for (const set of [collection, plans]) {
    expect((await tenant.admin.request("POST", `/api/containers/${set}/publish`)).statusCode).toBe(200);
  }
  const labels = Array.from({ length: RECORDS }, (_, index) => `photograph ${index}`);
  await insertContainers(t, tenant, { parentId: collection, typeCode: "item", labels, published: true });
  const planLabels = Array.from({ length: SET_RECORDS }, (_, index) => `plan ${index}`);
  planItems = await insertContainers(t, tenant, { parentId: plans, typeCode: "item", labels: planLabels, published: true });
  const settings = (await tenant.admin.request("GET", "/api/settings/oai")).json();
  await tenant.admin.request("PUT", "/api/settings/oai", { ...settings, collectionTypes: ["fonds"] });
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `${address}/${tenant.code}/oai`;
}, 120_000);
afterAll(() => t.close());

/** The identifiers oai_pmh printed: each record is its header fields ("identifier: …"), its XML, a form feed. */
async function harvest(...options: string[]): Promise<string[]> {
  const { stdout } = await run("oai_pmh", [...options, baseUrl], { maxBuffer: 256 * 1024 * 1024 });
  return stdout
    .split("\f")
    .map((record) => /^identifier: (\S+)$/m.exec(record)?.[1])
    .filter((identifier): identifier is string => identifier !== undefined);
}

describe("HTTP::OAI's harvester", () => {
  it("harvests every record of the tenant with resumption, each once, as many as completeListSize says", async () => {
    const first = await oaiGet(tenant.anonymous, tenant.code, "verb=ListIdentifiers&metadataPrefix=oai_dc");
    const completeListSize = Number(first.all("resumptionToken")[0]?.getAttribute("completeListSize"));
    expect(completeListSize).toBe(RECORDS + SET_RECORDS + 2);

    const records = await harvest("-X", "ListRecords", "--metadataPrefix", "oai_dc");
    expect(records.length).toBe(completeListSize);
    expect(new Set(records).size).toBe(records.length);
  }, 180_000);

  it("harvests one set's headers", async () => {
    const headers = await harvest("-X", "ListIdentifiers", "--metadataPrefix", "oai_dc", "--set", plans);
    expect(SET_RECORDS).toBeGreaterThan(2 * OAI_LIMITS.pageSize);
    expect(headers.length).toBe(SET_RECORDS);
    expect(headers.some((id) => id.endsWith(`:${plans}`))).toBe(false);
    expect(headers.map((id) => id.split(":").pop()).sort()).toEqual([...planItems].sort());
  }, 180_000);
});
