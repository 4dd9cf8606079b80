/**
 * Issue 28, "No blank page": "a lazily loaded file that fails (a deploy while the app is open)
 * reloads once, then says so". A deploy replaces the files the open page names, so the page
 * reloads to get the new ones. A file failing again soon after that reload means reloading does
 * not help (the server is down, or the deploy is half done): the app says so instead, or it would
 * reload for ever.
 */

/** How long after an automatic reload a further failure counts as "again". Five minutes: far longer
 * than a reload and the first screen take, far shorter than the time between two deploys. */
export const CHUNK_RELOAD_WINDOW_MS = 5 * 60_000;

/**
 * Whether a failed file may reload the page, given when the page last reloaded for that reason
 * (undefined: never, in this tab). A time in the future (the clock went back) counts as recent:
 * when in doubt, say so rather than risk a loop.
 */
export function mayReloadForChunk(lastReloadAt: number | undefined, now: number): boolean {
  if (lastReloadAt === undefined || !Number.isFinite(lastReloadAt)) return true;
  const since = now - lastReloadAt;
  return since >= CHUNK_RELOAD_WINDOW_MS;
}
