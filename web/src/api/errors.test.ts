import { describe, expect, it } from "vitest";
import { ApiError, errorText, failureMessage } from "./errors.ts";

describe("failureMessage", () => {
  it("shows the server's message", () => {
    expect(failureMessage(401, { status: 401, error: "Unauthorized", message: "Invalid credentials" })).toBe("Invalid credentials");
  });

  it("names the status when the body has no usable message", () => {
    expect(failureMessage(500, null)).toBe("Something went wrong. Error code: 500.");
    expect(failureMessage(502, "Bad gateway")).toBe("Something went wrong. Error code: 502.");
    expect(failureMessage(400, { message: "  " })).toBe("Something went wrong. Error code: 400.");
    expect(failureMessage(404, { message: 42 })).toBe("Something went wrong. Error code: 404.");
  });
});

describe("errorText", () => {
  it("uses the ApiError message", () => {
    expect(errorText(new ApiError("A group named 'x' already exists", 409))).toBe("A group named 'x' already exists");
  });

  it("falls back to the no-response text for anything else", () => {
    expect(errorText(new TypeError("Failed to fetch"))).toBe("Something went wrong.");
  });
});
