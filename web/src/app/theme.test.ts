import { describe, expect, it } from "vitest";
import { themeIn } from "./theme.ts";

describe("the theme in a language", () => {
  it("names every modal's close button in that language and keeps the base theme", () => {
    const theme = themeIn("Κλείσιμο διαλόγου");
    expect(theme.components?.Modal?.defaultProps).toEqual({ closeButtonProps: { "aria-label": "Κλείσιμο διαλόγου" } });
    expect(theme.primaryColor).toBe("indigo");
    expect(theme.components?.Select?.defaultProps).toEqual({ comboboxProps: { keepMounted: true } });
  });
});
