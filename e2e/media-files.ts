// Files the browser tests upload, made on the spot: a picture (sharp), a PDF of numbered pages and a short WebM video
// (ffmpeg), so no binary fixture has to be kept in the repository.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";

/** A 480×320 PNG of a harbour at noon: sky, sea, a sail and the sun. */
export function harbourPicture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320">
    <rect width="480" height="320" fill="#1c7ed6"/><rect y="200" width="480" height="120" fill="#0b3d91"/>
    <circle cx="380" cy="80" r="40" fill="#fab005"/><polygon points="120,200 200,120 280,200" fill="#e8590c"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A valid PDF of `pages` pages, each saying its number, with the byte offsets its cross-reference table needs. */
export function pdfOf(pages: number): Buffer {
  const objects: string[] = [];
  const pageIds = Array.from({ length: pages }, (_, index) => 4 + index * 2);
  objects.push("<< /Type /Catalog /Pages 2 0 R >>");
  objects.push(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages} >>`);
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  for (let index = 0; index < pages; index++) {
    const stream = `BT /F1 36 Tf 72 700 Td (Page ${index + 1}) Tj ET`;
    const contentsId = (pageIds[index] ?? 0) + 1;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentsId} 0 R >>`,
    );
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  }
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** A two-second WebM (Chromium plays VP8 without proprietary codecs), made with ffmpeg. */
export function shortVideo(): Buffer {
  const dir = mkdtempSync(join(tmpdir(), "repox-video-"));
  const out = join(dir, "clip.webm");
  execFileSync("/usr/bin/ffmpeg", [
    "-hide_banner",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc=duration=2:size=160x120:rate=10",
    "-c:v",
    "libvpx",
    "-b:v",
    "200k",
    out,
  ]);
  return readFileSync(out);
}
