import type { User } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { fullName, toUserCreateBody, toUserUpdateBody, userFormValues } from "./user-values.ts";

const user: User = {
  uuid: "3f8a3a8e-52b4-4f7e-9c55-5d1c2b0c9a11",
  username: "rita",
  firstname: "Rita",
  lastname: "Reporter",
  email: "rita@example.org",
  locked: false,
  groups: [{ id: 4, name: "Reporters" }],
  createdAt: "2024-01-01T00:00:00Z",
};

describe("user form values", () => {
  it("starts empty for a new user", () => {
    expect(userFormValues(null)).toEqual({
      firstname: "",
      lastname: "",
      username: "",
      email: "",
      password: "",
      locked: false,
      groups: [],
    });
  });

  it("round-trips an existing user without a password", () => {
    const body = toUserUpdateBody(userFormValues(user));
    expect(body).toEqual({
      firstname: "Rita",
      lastname: "Reporter",
      username: "rita",
      email: "rita@example.org",
      locked: false,
      groups: [4],
    });
    expect(body).not.toHaveProperty("password");
  });

  it("sends the password and trimmed fields on create", () => {
    const values = { ...userFormValues(null), username: " ana ", email: "ana@example.org ", password: "Secret-pass-1", groups: ["1", "2"] };
    expect(toUserCreateBody(values)).toMatchObject({
      username: "ana",
      email: "ana@example.org",
      password: "Secret-pass-1",
      groups: [1, 2],
    });
  });
});

describe("fullName", () => {
  it("falls back to the username", () => {
    expect(fullName(user)).toBe("Rita Reporter");
    expect(fullName({ firstname: "", lastname: "", username: "admin" })).toBe("admin");
  });
});
