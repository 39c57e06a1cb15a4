import { describe, expect, it } from "vitest";
import { maskIpAddress } from "./ip-address-mask.ts";

describe("IPv4 mask 999.999.999.999", () => {
  it("adds the dot after a full group while typing", () => {
    expect(maskIpAddress("192")).toBe("192.");
    expect(maskIpAddress("192.168")).toBe("192.168.");
    expect(maskIpAddress("192.168.0.1")).toBe("192.168.0.1");
  });

  it("starts the next group when a digit follows a full one", () => {
    expect(maskIpAddress("1921680")).toBe("192.168.0");
    expect(maskIpAddress("255255255255")).toBe("255.255.255.255");
  });

  it("keeps at most four groups of three digits", () => {
    expect(maskIpAddress("255.255.255.2559")).toBe("255.255.255.255");
    expect(maskIpAddress("1.2.3.4.5")).toBe("1.2.3.45");
  });

  it("drops anything but digits and single dots", () => {
    expect(maskIpAddress("10..0 a.x1")).toBe("10.0.1");
    expect(maskIpAddress(".5")).toBe("5");
  });

  it("does not put the dot back while deleting", () => {
    expect(maskIpAddress("192", true)).toBe("192");
    expect(maskIpAddress("192.168", true)).toBe("192.168");
  });
});
