/**
 * `npm run replay -- 2026-11-23`: the paper broker replaying that day (a recording, an import, or
 * the sample day), exactly as `npm start` runs otherwise (server/main.ts with REPLAY=date).
 */
const date = process.argv[2];
if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
  console.error("  usage: npm run replay -- YYYY-MM-DD   (a recorded day, an imported one, or the sample 2026-11-23)");
  process.exit(2);
}
process.env.REPLAY = date;
await import("../server/main.js");
export {};
