import { describe, expect, it } from "vitest";
import { kioskSteps, playerUrl, SYSTEMS } from "./kiosk-steps.ts";

const url = playerUrl("https://repox.example.org", "demo");

describe("kiosk steps", () => {
  it("opens /{tenant}/player in kiosk mode on every system", () => {
    expect(url).toBe("https://repox.example.org/demo/player");
    for (const system of SYSTEMS) {
      const commands = kioskSteps(system, url).flatMap((step) => (step.command ? [step.command] : []));
      expect(
        commands.some((command) => command.includes("--kiosk") && command.includes(url)),
        system,
      ).toBe(true);
    }
  });

  it("uses Edge or Chrome on Windows and Chromium on Linux", () => {
    const windows = kioskSteps("windows", url).map((step) => step.command ?? "");
    expect(windows.some((command) => command.startsWith("msedge.exe --kiosk"))).toBe(true);
    expect(windows.some((command) => command.startsWith("chrome.exe --kiosk"))).toBe(true);
    expect(kioskSteps("linux", url).some((step) => step.command?.startsWith("chromium --kiosk"))).toBe(true);
  });
});
