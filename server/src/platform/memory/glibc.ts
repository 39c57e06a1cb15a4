/** Whether this process runs on glibc, whose malloc the server tunes (footprint-restart.ts) and trims (malloc-trim.ts). */
export function runsOnGlibc(): boolean {
  if (process.platform !== "linux") return false;
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  return Boolean(report.header?.glibcVersionRuntime);
}
