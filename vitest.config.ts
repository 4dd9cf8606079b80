import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/server/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
    // Server suites start real brokers in beforeAll; with every suite in parallel a start can take
    // well over the default 10 s on a loaded machine. This is a ceiling, not a timed assertion.
    hookTimeout: 60_000,
  },
});
