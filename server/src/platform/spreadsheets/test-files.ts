// Hostile files the spreadsheet readers must refuse quickly; shared by the tests of every area that imports one.

/** 71 bytes: a zip local-file signature, thirty `\x14\x00` pairs and the text `garbage` — a header cut short. */
export function truncatedLocalHeaderZip(): Buffer {
  const pairs = Array.from({ length: 30 }, () => Buffer.from([0x14, 0x00]));
  return Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), ...pairs, Buffer.from("garbage")]);
}
