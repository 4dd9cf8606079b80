import { mayReloadForChunk } from "../core/rules/chunkReload";
import { fetchHealth } from "./api/health";

/** A file the app loads when first needed could not be loaded, even after the one reload. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(`A file of the app could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "ChunkLoadError";
  }
}

/** Where the guard is kept, what a reload is and whether the server answers; the browser's by default, a test's own in tests. */
export interface ReloadEnv {
  now(): number;
  /** When this tab last reloaded for a failed file, as written by `markReload`. */
  lastReload(): string | null;
  /** Records a reload about to happen; false when it cannot be recorded (then no reload: it could loop). */
  markReload(at: number): boolean;
  reload(): void;
  /** Whether the server that serves the app's files (the broker) answers at all. */
  serverAnswers(): Promise<boolean>;
  /** Settles once the server answers again. */
  serverBack(): Promise<void>;
}

// Session storage: per tab, and it survives the reload it guards.
const GUARD_KEY = "chunkReloadAt";
/** How long one probe of the server may take, and how often a down server is asked again. */
const PROBE_TIMEOUT_MS = 3_000;
const PROBE_EVERY_MS = 2_000;

/** The broker's own reach check (api/health.ts): reached, whatever the answer, unless nothing or only a gateway answered. */
const probe = (): Promise<boolean> => fetchHealth(PROBE_TIMEOUT_MS).then((r) => r.reached);

const browser: ReloadEnv = {
  now: () => Date.now(),
  lastReload: () => {
    try {
      return sessionStorage.getItem(GUARD_KEY);
    } catch {
      return null;
    }
  },
  markReload: (at) => {
    try {
      sessionStorage.setItem(GUARD_KEY, String(at));
      return sessionStorage.getItem(GUARD_KEY) === String(at);
    } catch {
      return false;
    }
  },
  reload: () => window.location.reload(),
  serverAnswers: probe,
  serverBack: async () => {
    for (;;) {
      await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
      if (await probe()) return;
    }
  },
};

/**
 * Loads a file of the app (a dynamic import). If it fails (after a deploy the open page names
 * files that are gone), the page reloads once, with nothing shown meanwhile; failing again soon
 * after (core/rules/chunkReload.ts), it rejects with a ChunkLoadError for the screen to say so.
 *
 * A file that fails while the server does not answer at all is not a deploy: the paper broker,
 * which serves the files, is down, and a reload would put the browser's "can't be reached" page
 * in place of the app and its "Broker unreachable" banner. Then the load waits for the server and
 * tries the file again (Chromium does not keep a failed import: a second import fetches anew);
 * only if that fails too does the deploy rule apply.
 */
export async function loadChunk<T>(load: () => Promise<T>, env: ReloadEnv = browser): Promise<T> {
  let failure: unknown;
  try {
    return await load();
  } catch (err) {
    failure = err;
  }
  if (!(await env.serverAnswers())) {
    await env.serverBack();
    try {
      return await load();
    } catch (err) {
      failure = err;
    }
  }
  const last = env.lastReload();
  const now = env.now();
  if (mayReloadForChunk(last === null ? undefined : Number(last), now) && env.markReload(now)) {
    env.reload();
    return new Promise<T>(() => {});
  }
  throw new ChunkLoadError(failure);
}
