// Page 1 of a PDF as a PNG, rendered by Poppler's pdftoppm (Debian package poppler-utils) in a process of its own, so a
// heavy page stalls no request and is killed at the time limit. The page is scaled to fit the preview box, so a page of
// any declared size makes a bounded image. Why Poppler: docs/decisions/0001-pdf-previews-with-poppler.md.
import { DERIVATIVE_SIZES } from "./image-derivatives.ts";
import { runMediaTool } from "./media-tool.ts";

export type PdfTools = { pdftoppmPath: string; timeoutMs: number };

export const DEFAULT_PDF_TOOLS: PdfTools = { pdftoppmPath: "/usr/bin/pdftoppm", timeoutMs: 60_000 };

/** What went wrong, from pdftoppm's stderr: the first error, past the warnings about what it could repair. */
function reason(stderr: string[]): string {
  if (stderr.some((line) => /incorrect password/i.test(line))) return "the PDF is protected by a password";
  return stderr.find((line) => !/^syntax warning/i.test(line)) ?? stderr[0] ?? "";
}

export function renderPdfFirstPage(file: string, tools: PdfTools, signal?: AbortSignal): Promise<Buffer> {
  const box = String(DERIVATIVE_SIZES.preview);
  // Without an output prefix, -singlefile writes the one PNG to stdout.
  return runMediaTool(tools.pdftoppmPath, ["-png", "-f", "1", "-l", "1", "-singlefile", "-scale-to", box, file], {
    timeoutMs: tools.timeoutMs,
    signal,
    texts: {
      missing: `PDF previews need pdftoppm (poppler-utils), which is not installed (${tools.pdftoppmPath}).`,
      tooSlow: `Rendering the PDF took longer than ${tools.timeoutMs / 1000} s.`,
      unreadable: (stderr) => `The PDF could not be read: ${reason(stderr)}`,
    },
  });
}
