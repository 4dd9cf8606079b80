import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/server/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // Three on 2 cores: vitest's default is cores - 1, one file at a time on a 2-core machine (343 s
    // for the suite here; 218 s with two). The server tests wait on brokers they start and kill, and
    // a third worker fills part of that: 245 s against 263 s with two (3 Dec, same machine, idle).
    // No test times itself, so a busier machine only takes longer.
    maxWorkers: 3,
    testTimeout: 60_000,
    // A broker start builds the instrument master and the market: seconds on a loaded CI machine.
    hookTimeout: 60_000,
  },
});
