import { describe, expect, it } from "vitest";
import { contactSearchText } from "./contact-search.ts";
import { chosenContacts, initialSelection } from "./import-selection.ts";

const contact = (row: number, email: string) => ({ row, firstName: "F", lastName: "L", email, organization: "" });

describe("contact import selection", () => {
  it("starts with every contact chosen but the later repeats of an e-mail, in any case", () => {
    const contacts = [contact(2, "a@x.co"), contact(3, "b@x.co"), contact(5, "A@X.co")];
    expect([...initialSelection(contacts)]).toEqual([2, 3]);
  });

  it("sends the chosen contacts without their row numbers", () => {
    const contacts = [contact(2, "a@x.co"), contact(3, "b@x.co")];
    expect(chosenContacts(contacts, new Set([3]))).toEqual([{ firstName: "F", lastName: "L", email: "b@x.co", organization: "" }]);
  });
});

describe("contact search text", () => {
  it("searches with more than 3 characters only", () => {
    expect(contactSearchText(" abc ")).toBe("");
    expect(contactSearchText("abcd")).toBe("abcd");
    expect(contactSearchText("")).toBe("");
  });
});
