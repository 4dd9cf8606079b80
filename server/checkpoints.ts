import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "./db.js";

/** How often the checkpointer copies what the WAL holds into the database file. */
const EVERY_MS = 100;
/**
 * The WAL size (pages) at which a commit checkpoints by itself after all: only when writes never
 * pause long enough for the checkpointer to catch up, so that the WAL can start over (SQLite's
 * own default is 1,000 pages; a lone order writes about 13).
 */
const BACKSTOP_PAGES = 4_000;
const SQLITE_DEFAULT_PAGES = 1_000;

/**
 * The checkpointer's own thread: a second connection to the same file that copies committed WAL
 * frames into the database (PASSIVE: it never waits for, nor blocks, the broker's writes). With
 * synchronous=FULL it syncs the WAL before copying and the database file after, so a crash in
 * between loses nothing. Plain JavaScript run by `eval`, so that it starts the same under tsx,
 * the built server and the test runner.
 */
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma("synchronous = FULL");
const timer = setInterval(() => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch (err) {
    parentPort.postMessage(String(err && err.message));
  }
}, workerData.everyMs);
parentPort.on("message", () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * WAL checkpoints off the event loop. SQLite's automatic checkpoint runs inside the commit that
 * crosses 1,000 WAL pages: one lone order in about 75 paid 5-15 ms copying and syncing 4 MB into
 * the database file, which is the one-at-a-time p99, and under load it stalled every request in
 * flight. Here a worker thread does that work; a commit pays only its own WAL fsync. Should the
 * worker fail, commits checkpoint by themselves again as SQLite does by default.
 */
export function startCheckpoints(db: Db, log: FastifyBaseLogger): { stop(): Promise<void> } {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { file: db.name, driver: createRequire(import.meta.url).resolve("better-sqlite3"), everyMs: EVERY_MS },
  });
  // Never what keeps a process alive: an interrupted checkpoint is safe, SQLite redoes it.
  worker.unref();
  let stopping = false;
  db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const fallBack = (why: string) => {
    log.error(`WAL checkpoints back on the commits (${why})`);
    if (db.open) db.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
  };
  worker.on("message", (message: string) => log.error(`WAL checkpoint failed: ${message}`));
  worker.on("error", (err) => fallBack(err.message));
  worker.on("exit", (code) => {
    if (!stopping) fallBack(`the checkpointer stopped with ${code}`);
  });
  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      // Held while it stops: waiting on an unreferenced thread alone would let the process end mid-close.
      worker.ref();
      worker.postMessage("stop");
      await exited;
    },
  };
}
