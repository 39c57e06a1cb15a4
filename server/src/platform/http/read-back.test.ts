import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readBack, readOnlyMessage, registerReadBack } from "./read-back.ts";

const Thing = z.object({ id: z.string(), name: z.string(), childCount: z.number() });
const ThingBody = z.object({ name: z.string() });

function appWithReadBack() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerReadBack(app);
  return app;
}

describe("config.readBack", () => {
  it("stops the app when a whole-resource PUT answers fields it does not write and declares no readBack", () => {
    const app = appWithReadBack();
    expect(() => app.put("/things/:id", { schema: { body: ThingBody, response: { 200: Thing } } }, async () => ({}))).toThrow(
      "PUT /things/:id answers id, childCount but does not write them: declare config.readBack",
    );
  });

  it("lets a sub-resource PUT and a PUT declaring readBack through", async () => {
    const app = appWithReadBack();
    app.put("/things/:id/name", { schema: { body: ThingBody, response: { 200: Thing } } }, async () => ({}));
    const stored = { id: "a", name: "Old", childCount: 2 };
    app.put(
      "/things/:id",
      {
        config: { readBack: readBack(["id", "childCount"], async () => stored) },
        schema: { body: ThingBody, response: { 200: Thing } },
      },
      async (request) => ({ ...stored, ...(request.body as object) }),
    );
    const same = await app.inject({ method: "PUT", url: "/things/a", payload: { ...stored, name: "New" } });
    expect([same.statusCode, same.json()]).toEqual([200, { id: "a", name: "New", childCount: 2 }]);
    const changed = await app.inject({ method: "PUT", url: "/things/a", payload: { ...stored, id: "b", childCount: 3 } });
    expect([changed.statusCode, changed.json().message]).toEqual([400, readOnlyMessage(["id", "childCount"])]);
    await app.close();
  });

  it("names one, two or more fields in a sentence", () => {
    expect(readOnlyMessage(["uuid"])).toBe("uuid is read-only and cannot be changed: send it as read, or leave it out");
    expect(readOnlyMessage(["uuid", "createdAt", "children"])).toBe(
      "uuid, createdAt and children are read-only and cannot be changed: send them as read, or leave them out",
    );
  });
});
