import { spawnBroker } from "../support/brokerProcess.js";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/** The real `server/main.ts` process, as `npm start` runs it (without the build step). */
const start = (env: Record<string, string>) => spawnBroker({ STATIC_DIR: "", TICK_HZ: "0", ...env });

describe("npm start: start-up and shutdown", () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), "tape-start-"));
    dirs.push(d);
    return d;
  };
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it("prints the URL and the demo accounts, refuses a busy port with one clear line, and closes the database on SIGTERM", async () => {
    const dataDir = tmp();
    const first = start({ PORT: "0", DATA_DIR: dataDir });
    const url = await first.url;
    await new Promise((r) => setTimeout(r, 200)); // let the banner finish printing
    expect(first.output()).toMatch(/DEMO1\s+password Tape@2026/);
    expect(first.output()).toMatch(/DORMANT1/);

    const port = new URL(url).port;
    const second = start({ PORT: port, DATA_DIR: tmp() });
    second.url.catch(() => undefined);
    expect(await second.exited()).toBe(1);
    expect(second.output()).toContain(`Port ${port} is already in use`);
    expect(second.output()).not.toMatch(/\n\s+at /); // no stack trace

    first.child.kill("SIGTERM");
    expect(await first.exited()).toBe(0);
    expect(first.output()).toContain("closed cleanly");
    // A cleanly closed SQLite database in WAL mode has checkpointed and removed its -wal file.
    expect(fs.existsSync(path.join(dataDir, "paper-broker.sqlite-wal"))).toBe(false);
  }, 120_000);

  it("names an unwritable data folder instead of crashing", async () => {
    const file = path.join(tmp(), "not-a-folder");
    fs.writeFileSync(file, "");
    const p = start({ PORT: "0", DATA_DIR: path.join(file, "data") });
    p.url.catch(() => undefined);
    expect(await p.exited()).toBe(1);
    expect(p.output()).toMatch(/cannot start: The data folder .* cannot be written/);
    expect(p.output()).not.toMatch(/\n\s+at /);
  }, 120_000);
});
