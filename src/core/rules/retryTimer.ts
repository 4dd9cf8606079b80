/** Without a time from the broker, the lock the spec names lasts 15 minutes. */
const DEFAULT_LOCK_MS = 15 * 60_000;

/**
 * When the "Too many attempts" timer (EC052, EC080) may let the user retry, on the device's
 * clock. The broker's own clock can differ from the device's (the paper broker's is simulated and
 * may be days ahead), so the instant it names (`retryAt`) would show a countdown of hundreds of
 * minutes: the duration it names (`retryAfterSeconds`) travels between clocks and is preferred.
 */
export function retryAtOf(answer: unknown, deviceNowMs: number): string {
  const r = (typeof answer === "object" && answer !== null ? answer : {}) as { retryAfterSeconds?: unknown; retryAt?: unknown };
  if (typeof r.retryAfterSeconds === "number" && Number.isFinite(r.retryAfterSeconds) && r.retryAfterSeconds >= 0) {
    return new Date(deviceNowMs + r.retryAfterSeconds * 1000).toISOString();
  }
  if (typeof r.retryAt === "string" && !Number.isNaN(Date.parse(r.retryAt))) return r.retryAt;
  return new Date(deviceNowMs + DEFAULT_LOCK_MS).toISOString();
}
