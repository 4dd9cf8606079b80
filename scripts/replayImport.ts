import fs from "node:fs";
import path from "node:path";
import { ConfigError, readConfig } from "../server/config.js";
import { ImportError, importDay, writeImported } from "../server/replay/importCsv.js";

/**
 * `npm run replay:import -- file.csv`: one CSV of one-minute bars (server/README.md, "Importing a
 * day") becomes a replayable day in $RECORD_DIR/imported; then `npm run replay -- <its date>`.
 */
const file = process.argv[2];
if (!file) {
  console.error("  usage: npm run replay:import -- file.csv   (the format: server/README.md, \"Importing a day\")");
  process.exit(2);
}
try {
  const config = readConfig();
  const tapes = config.record?.dir ?? path.resolve(process.env.RECORD_DIR || path.join(config.dataDir, "tapes"));
  const day = importDay(fs.readFileSync(file, "utf8"));
  const out = writeImported(day, tapes);
  console.log(`  ${day.date}: ${day.bars} bars of ${day.instruments} instruments, ${day.ticks.length} ticks, in ${out}`);
  console.log(`  replay it with: npm run replay -- ${day.date}`);
} catch (err) {
  if (err instanceof ImportError || err instanceof ConfigError) {
    console.error(`  ${file} cannot be imported: ${err.message}`);
    process.exit(1);
  }
  throw err;
}
