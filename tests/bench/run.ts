import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * `npm run bench`: runs every benchmark module in this folder (each exports `run()` and prints
 * its own figures). Benchmarks measure and print; they never pass or fail on a time.
 * `npm run bench -- name` runs only the modules whose file name contains `name`; a module that
 * exports `onlyWhenNamed` (the 10-minute feed soak) runs only that way.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts" && !f.startsWith("_"))
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
process.exit(0);
