import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The chart bench page: the app's LiveChart (lightweight-charts) and a synthetic feed, built in
 * production mode into a temporary folder, never into dist/. Its files live under /chartbench/,
 * which tests/bench/chartFps.ts answers from that folder.
 */
export const BENCH_BASE = "/chartbench/";
/** One folder per run: two worktrees may bench at once. */
export const BENCH_OUT_DIR = path.join(os.tmpdir(), `tape-chartbench-${process.pid}`);

export default defineConfig({
  root: path.dirname(fileURLToPath(import.meta.url)),
  base: BENCH_BASE,
  plugins: [react()],
  logLevel: "warn",
  build: { outDir: BENCH_OUT_DIR, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
});
