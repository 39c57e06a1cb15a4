import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { HttpError } from "../errors.ts";
import { registerErrorHandler } from "./error-handler.ts";

async function appThrowing(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get("/fail", () => {
    throw error;
  });
  await app.ready();
  return app;
}

describe("error handler", () => {
  it("passes a typed 503 through with its message, so the user knows to try again", async () => {
    const app = await appThrowing(new HttpError(503, "Service Unavailable", "File storage is not reachable. Try again shortly."));
    const answer = await app.inject({ method: "GET", url: "/fail" });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      status: 503,
      error: "Service Unavailable",
      message: "File storage is not reachable. Try again shortly.",
    });
  });

  it("answers an unexpected error with 500 and no internals", async () => {
    const app = await appThrowing(new Error("secret connection string postgres://x"));
    const answer = await app.inject({ method: "GET", url: "/fail" });
    expect(answer.statusCode).toBe(500);
    expect(answer.body).not.toContain("postgres://");
    expect(answer.json().message).toMatch(/^Something went wrong on the server \(request .+\)$/);
  });
});
