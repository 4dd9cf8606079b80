import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { TARGETS } from "./targets";
import { reportedRows } from "./util";

/**
 * `npm run bench`: runs every benchmark module in this folder (each exports `run()` and prints
 * its own figures), then one table of every row of the performance targets (targets.ts) with the
 * figure this run measured. Benchmarks measure and print; they never pass or fail on a time.
 * `npm run bench -- name` runs only the modules whose file name contains `name`; a module that
 * exports `onlyWhenNamed` (the 10-minute feed soak) runs only that way. A file named `_…` is a
 * script another module runs in a process of its own: never imported here, where its top-level
 * code would run as a stray benchmark.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith(".ts") && !["run.ts", "util.ts", "targets.ts"].includes(f) && !f.startsWith("_"))
  .filter((f) => !only || f.includes(only))
  .sort();

for (const f of files) {
  const mod = (await import(pathToFileURL(path.join(here, f)).href)) as { run?: () => Promise<void>; onlyWhenNamed?: boolean };
  if (typeof mod.run !== "function") continue;
  // A soak runs for minutes: only when asked for by name (`npm run bench -- feedSoak`).
  if (mod.onlyWhenNamed && !only) continue;
  console.log(`\n## ${f.replace(/\.ts$/, "")}`);
  await mod.run();
}

const rows = reportedRows();
const table = TARGETS.map((t) => {
  const m = rows.get(t.id);
  return [t.what, m ? m.figure : `not run here (npm run bench -- ${t.bench})`, t.target, m ? (m.meets ? "met" : "NOT met") : "", m?.ratio ?? ""];
});
const head = ["what", "figure", "target", "", "against its baseline, same run"];
const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
console.log(`\n## targets (issue 18)\n${line(head)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|\n${table.map(line).join("\n")}`);
process.exit(0);
