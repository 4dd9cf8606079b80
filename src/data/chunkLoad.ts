import { mayReloadForChunk } from "../core/rules/chunkReload";

/** A file the app loads when first needed could not be loaded, even after the one reload. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(`A file of the app could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "ChunkLoadError";
  }
}

/** Where the guard is kept and what a reload is; the browser's by default, a test's own in tests. */
export interface ReloadEnv {
  now(): number;
  /** When this tab last reloaded for a failed file, as written by `markReload`. */
  lastReload(): string | null;
  /** Records a reload about to happen; false when it cannot be recorded (then no reload: it could loop). */
  markReload(at: number): boolean;
  reload(): void;
}

// Session storage: per tab, and it survives the reload it guards.
const GUARD_KEY = "chunkReloadAt";

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
};

/**
 * Loads a file of the app (a dynamic import). If it fails (after a deploy the open page names
 * files that are gone), the page reloads once, with nothing shown meanwhile; failing again soon
 * after (core/rules/chunkReload.ts), it rejects with a ChunkLoadError for the screen to say so.
 */
export function loadChunk<T>(load: () => Promise<T>, env: ReloadEnv = browser): Promise<T> {
  return load().catch((err: unknown) => {
    const last = env.lastReload();
    const now = env.now();
    if (mayReloadForChunk(last === null ? undefined : Number(last), now) && env.markReload(now)) {
      env.reload();
      return new Promise<T>(() => {});
    }
    throw new ChunkLoadError(err);
  });
}
