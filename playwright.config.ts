import { defineConfig } from "@playwright/test";

/**
 * e2e in Debian's Chromium (never a downloaded browser), each worker against a real paper broker
 * of its own that tests/e2e/fixtures.ts starts on a free port with a temporary DATA_DIR. Spec
 * files are spread over the workers (E2E_WORKERS, default 3); the tests of one file run in order
 * in one worker. Three on this 2-core machine: the suite spends much of its time waiting (prices
 * going stale, a replay paused, a broker restarting), and a third worker fills those waits (the
 * suite took 9.9 min with three where it took 11.8 with two).
 */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    viewport: { width: 1600, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"],
    },
    screenshot: "only-on-failure",
    trace: "off",
  },
});
