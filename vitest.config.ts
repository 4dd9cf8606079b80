import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/server/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
    // A broker start builds the instrument master and the market: seconds on a loaded CI machine.
    hookTimeout: 60_000,
  },
});
