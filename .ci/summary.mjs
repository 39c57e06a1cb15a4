// Adds up the JSON reports of every run into one closing line: "ci: N passed, N failed".
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2] ?? "test-results";
let passed = 0;
let failed = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  const report = JSON.parse(readFileSync(join(dir, file), "utf8"));
  if (report.stats) {
    passed += report.stats.expected ?? 0;
    failed += report.stats.unexpected ?? 0;
  } else {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
  }
}
console.log(`ci: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
