import { defineConfig } from "@playwright/test";

/**
 * e2e in Debian's Chromium (never a downloaded browser) against a real paper broker that
 * tests/e2e/global-setup.ts starts on a free port with a temporary DATA_DIR.
 */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: process.env.TAPE_URL,
    viewport: { width: 1600, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"],
    },
    screenshot: "only-on-failure",
    trace: "off",
  },
});
