import { CONTACT_LIMITS } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { contactSearchText } from "./contact-search.ts";

describe("contact search", () => {
  it("searches from more than 3 characters, 800 ms after the last key (spec 3 §9)", () => {
    expect(contactSearchText("nun")).toBe("");
    expect(contactSearchText(" nune ")).toBe("nune");
    expect(CONTACT_LIMITS.searchDebounceMs).toBe(800);
  });
});
