import { describe, expect, it } from "vitest";
import { FolderNames, NAME_MAX_BYTES, safeName } from "./archive-names.ts";

describe("safeName", () => {
  it("leaves ordinary names alone", () => {
    expect(safeName("Annual report 2024.pdf")).toBe("Annual report 2024.pdf");
    expect(safeName("Ψηφιακό αρχείο")).toBe("Ψηφιακό αρχείο");
    expect(safeName(".profile")).toBe(".profile");
  });

  it("takes out path separators, parent references and absolute paths", () => {
    expect(safeName("../../etc/passwd")).toBe(".._.._etc_passwd");
    expect(safeName("/abs")).toBe("_abs");
    expect(safeName("a\\b")).toBe("a_b");
    expect(safeName("C:\\Windows")).toBe("C__Windows");
    expect(safeName("..")).toBe("_");
    expect(safeName(".")).toBe("_");
    expect(safeName("   ")).toBe("_");
  });

  it("replaces NUL, other control characters and the characters Windows refuses", () => {
    expect(safeName("a\u0000b")).toBe("a_b");
    expect(safeName("line\nbreak\ttab")).toBe("line_break_tab");
    expect(safeName('what?*"<>|:')).toBe("what_______");
  });

  it("keeps Windows device names and trailing dots or spaces from becoming special", () => {
    expect(safeName("CON")).toBe("_CON");
    expect(safeName("nul.txt")).toBe("_nul.txt");
    expect(safeName("com1")).toBe("_com1");
    expect(safeName("CONSOLE")).toBe("CONSOLE");
    expect(safeName("name. . ")).toBe("name");
  });

  it("caps the length in UTF-8 bytes without splitting a character, keeping the extension", () => {
    const long = safeName(`${"é".repeat(300)}.pdf`);
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(NAME_MAX_BYTES);
    expect(long.endsWith("é.pdf")).toBe(true);
    expect(long).not.toContain("\uFFFD");
    const emoji = safeName("😀".repeat(100));
    expect(Buffer.byteLength(emoji)).toBe(NAME_MAX_BYTES);
    expect([...emoji].every((character) => character === "😀")).toBe(true);
  });
});

describe("FolderNames", () => {
  it("numbers duplicates before the extension, ignoring case", () => {
    const names = new FolderNames();
    expect(names.claim("photo.jpg", [""])).toBe("photo.jpg");
    expect(names.claim("Photo.JPG", [""])).toBe("Photo (2).JPG");
    expect(names.claim("photo.jpg", [""])).toBe("photo (3).jpg");
    expect(names.claim("notes", [""])).toBe("notes");
    expect(names.claim("NOTES", [""])).toBe("NOTES (2)");
  });

  it("keeps an item and its metadata on one stem that no other item takes", () => {
    const names = new FolderNames();
    expect(names.claim("a.txt.metadata.json", [""])).toBe("a.txt.metadata.json");
    // a.txt would put its metadata on the name already taken, so it moves as a whole.
    expect(names.claim("a.txt", ["", ".metadata.json"])).toBe("a (2).txt");
    expect(names.claim("a (2).txt.metadata.json", [""])).toBe("a (2).txt.metadata (2).json");
  });

  it("numbers a long name within the length cap", () => {
    const names = new FolderNames();
    const label = "x".repeat(400);
    const first = names.claim(label, [""]);
    const second = names.claim(label, [""]);
    expect(Buffer.byteLength(first)).toBe(NAME_MAX_BYTES);
    expect(second.endsWith(" (2)")).toBe(true);
    expect(Buffer.byteLength(second)).toBeLessThanOrEqual(NAME_MAX_BYTES);
  });
});
