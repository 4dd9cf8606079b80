import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startCheckpoints } from "../../server/checkpoints.js";
import { openDb, type Db } from "../../server/db.js";

const silent = { error: () => undefined } as unknown as Parameters<typeof startCheckpoints>[1];
let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
});

function freshDb(): { db: Db; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-checkpoints-"));
  const db = openDb(dir);
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  db.exec("CREATE TABLE bulk (id INTEGER PRIMARY KEY, data TEXT NOT NULL)");
  return { db, file: path.join(dir, "paper-broker.sqlite") };
}

describe("WAL checkpoints off the event loop (server/checkpoints.ts)", () => {
  it("copies committed pages into the database file with no further commit, below SQLite's own 1,000-page threshold", async () => {
    const { db, file } = freshDb();
    const checkpoints = startCheckpoints(db, silent);
    cleanup.push(
      () => void db.close(),
      () => checkpoints.stop(),
    );
    const before = fs.statSync(file).size;
    // 100 commits of 3 rows of 3,000 characters: about 300 pages of 4 KB, which SQLite's automatic
    // checkpoint (at 1,000 pages) would leave in the WAL until a later commit crossed it.
    const insert = db.prepare("INSERT INTO bulk (data) VALUES (?)");
    const commit = db.transaction(() => {
      for (let k = 0; k < 3; k++) insert.run("x".repeat(3000));
    });
    for (let i = 0; i < 100; i++) commit();
    // By hand: 300 rows of 3,000 bytes are 900,000 bytes at least, all of them now in the file.
    await expect.poll(() => fs.statSync(file).size - before, { timeout: 20_000 }).toBeGreaterThan(900_000);
    expect((db.prepare("SELECT COUNT(*) AS n FROM bulk").get() as { n: number }).n).toBe(300);
  });

  it("stops its thread when asked, and the database then closes as usual", async () => {
    const { db } = freshDb();
    const checkpoints = startCheckpoints(db, silent);
    db.prepare("INSERT INTO bulk (data) VALUES (?)").run("one");
    await checkpoints.stop();
    db.close();
    expect(db.open).toBe(false);
  });
});
