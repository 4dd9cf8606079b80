import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The option chain bench page: the app's own code plus the feeder, built the way `npm run build`
 * builds the app (production mode), into a temporary folder, never into dist/. Its assets live
 * under /chainbench/, which tests/bench/optionChainFps.ts answers from this folder.
 */
export const BENCH_BASE = "/chainbench/";
/** One folder per run: two worktrees may bench at once. */
export const BENCH_OUT_DIR = path.join(os.tmpdir(), `tape-chainbench-${process.pid}`);

export default defineConfig({
  root: path.dirname(fileURLToPath(import.meta.url)),
  base: BENCH_BASE,
  plugins: [react()],
  logLevel: "warn",
  build: { outDir: BENCH_OUT_DIR, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
});
