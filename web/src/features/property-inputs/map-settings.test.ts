import { describe, expect, it } from "vitest";
import { placeAt, placePosition } from "./map-settings.ts";

describe("spatial-map marker", () => {
  it("stands at the typed coordinates when both are valid", () => {
    expect(placePosition({ placename: "", longitude: "23.7275", latitude: "37.9838" })).toEqual([37.9838, 23.7275]);
    expect(placePosition({ placename: "", longitude: "", latitude: "37" })).toBeNull();
    expect(placePosition({ placename: "", longitude: "200", latitude: "37" })).toBeNull();
    expect(placePosition({ placename: "", longitude: "1", latitude: "north" })).toBeNull();
  });

  it("moves to a picked point, keeping the place name, 6 decimals, longitude within ±180", () => {
    expect(placeAt({ placename: "Here", longitude: "", latitude: "" }, 37.98381234567, 23.72751234567)).toEqual({
      placename: "Here",
      latitude: "37.983812",
      longitude: "23.727512",
    });
    expect(placeAt({ placename: "", longitude: "", latitude: "" }, 10, 190).longitude).toBe("-170");
  });
});
