import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { ConfigError } from "./config.js";
import { migrations } from "./migrations.js";

export type Db = Database.Database;

/**
 * Opens (creating if needed) the broker's SQLite file in dataDir and applies every migration
 * not yet applied, in order, each in its own transaction. WAL with synchronous=FULL: a
 * restart, even a crash, loses no committed order, trade, position or setting. (FULL is kept:
 * a lone commit's fsync is its durability; the broker copies the WAL into the file off the
 * event loop instead, checkpoints.ts.)
 */
export function openDb(dataDir: string): Db {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch (err) {
    throw new ConfigError(`The data folder ${dataDir} cannot be written (${(err as NodeJS.ErrnoException).code ?? "error"}). Set DATA_DIR to a writable folder.`);
  }
  let db: Db;
  try {
    db = new Database(path.join(dataDir, "paper-broker.sqlite"));
  } catch (err) {
    throw new ConfigError(`The database in ${dataDir} cannot be opened: ${(err as Error).message}`);
  }
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("foreign_keys = ON");
  migrate(db);
  return db;
}

export function migrate(db: Db): number {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
  const applied = new Set(db.prepare("SELECT id FROM schema_migrations").all().map((r) => (r as { id: number }).id));
  let count = 0;
  for (const m of [...migrations].sort((a, b) => a.id - b.id)) {
    if (applied.has(m.id)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare("INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)").run(m.id, m.name, new Date().toISOString());
    })();
    count++;
  }
  return count;
}
