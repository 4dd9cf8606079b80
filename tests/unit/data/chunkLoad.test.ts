import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChunkLoadError, loadChunk, type ReloadEnv } from "../../../src/data/chunkLoad";

/**
 * Issue 28, "No blank page": "a lazily loaded file that fails (a deploy while the app is open)
 * reloads once, then says so". Once = not again while the reload is recent: five minutes
 * (core/rules/chunkReload.ts) after an automatic reload, a failure says so instead of reloading.
 */
const WINDOW = 5 * 60_000;

/** A tab: its session storage outlives the reloads; `reloads` is when each happened. */
function tab(writable = true) {
  const session = new Map<string, string>();
  const t = { now: 0, reloads: [] as number[] };
  const env: ReloadEnv = {
    now: () => t.now,
    lastReload: () => session.get("chunkReloadAt") ?? null,
    markReload: (at) => {
      if (writable) session.set("chunkReloadAt", String(at));
      return writable;
    },
    reload: () => t.reloads.push(t.now),
  };
  return { t, env };
}

type Outcome = "loaded" | "reloaded" | "said so";

/** What one load came to: its file, a reload (the promise never settles), or a ChunkLoadError. */
async function outcome(p: Promise<string>, reloadsBefore: number, reloads: () => number): Promise<Outcome> {
  let settled: Outcome | undefined;
  p.then(
    () => (settled = "loaded"),
    (e: unknown) => {
      expect(e).toBeInstanceOf(ChunkLoadError);
      settled = "said so";
    },
  );
  await new Promise((r) => setTimeout(r, 0));
  if (reloads() > reloadsBefore) {
    expect(settled).toBeUndefined(); // nothing renders while the page goes
    return "reloaded";
  }
  return settled!;
}

const step = fc.record({ after: fc.integer({ min: 0, max: 12 * 60_000 }), fails: fc.boolean() });

describe("a file that fails to load", () => {
  it("reloads the page when no automatic reload happened in the last five minutes, else says so; a file that loads never reloads", async () => {
    const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
    console.log(`chunkLoad seed: ${seed} (FC_SEED=${seed} replays it)`);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const { t, env } = tab();
        let lastReload: number | undefined; // the model: when this tab last reloaded by itself
        for (const s of steps) {
          t.now += s.after;
          const before = t.reloads.length;
          const load = () => (s.fails ? Promise.reject(new TypeError("Failed to fetch dynamically imported module")) : Promise.resolve("file"));
          const got = await outcome(loadChunk(load, env), before, () => t.reloads.length);
          const expected: Outcome = !s.fails ? "loaded" : lastReload === undefined || t.now - lastReload >= WINDOW ? "reloaded" : "said so";
          expect(got).toBe(expected);
          if (got === "reloaded") lastReload = t.now;
        }
        // No loop: two automatic reloads are never less than five minutes apart.
        for (let i = 1; i < t.reloads.length; i++) expect(t.reloads[i]! - t.reloads[i - 1]!).toBeGreaterThanOrEqual(WINDOW);
      }),
      { numRuns: 300, seed },
    );
  });

  it("a deploy: the file fails, the page reloads once, it fails again on the reloaded page: the second says so", async () => {
    const { t, env } = tab();
    const fail = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /assets/Workspace-old.js"));
    expect(await outcome(loadChunk(fail, env), 0, () => t.reloads.length)).toBe("reloaded");
    t.now += 2_000;
    expect(await outcome(loadChunk(fail, env), 1, () => t.reloads.length)).toBe("said so");
    expect(t.reloads).toEqual([0]);
  });

  it("where the tab cannot record the reload (storage refused), it never reloads: it says so at once", async () => {
    const { t, env } = tab(false);
    const fail = () => Promise.reject(new Error("404"));
    expect(await outcome(loadChunk(fail, env), 0, () => t.reloads.length)).toBe("said so");
    expect(t.reloads).toEqual([]);
  });
});
