// Website fixtures for tests: create websites and assign stories through the API, failing loudly.
import type { WebsiteBodyInput } from "@repox/contracts";
import type { Caller } from "../../test/test-app.ts";

export const WEBSITES = "/api/str/websites";
export const PUBLIC_WEBSITES = "/api/str/pub/websites";

export const websiteBody = (overrides: Partial<WebsiteBodyInput> = {}): WebsiteBodyInput => ({
  name: "Museum front page",
  description: "The story on the museum's home page",
  ...overrides,
});

/** Creates a website (with `storyId` assigned when given) and answers its id. */
export async function newWebsite(
  caller: Caller,
  { storyId, ...body }: Partial<WebsiteBodyInput> & { storyId?: string } = {},
): Promise<string> {
  const created = await caller.request("POST", WEBSITES, websiteBody(body));
  if (created.statusCode !== 201) throw new Error(`POST ${WEBSITES} answered ${created.statusCode}: ${created.body}`);
  const id: string = created.json().id;
  if (storyId) {
    const linked = await caller.request("POST", `${WEBSITES}/${id}/link`, { storyId });
    if (linked.statusCode !== 200) throw new Error(`link answered ${linked.statusCode}: ${linked.body}`);
  }
  return id;
}
