import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChunkLoadError, loadChunk, type ReloadEnv } from "../../../src/data/chunkLoad";

/**
 * Issue 28, "No blank page": "a lazily loaded file that fails (a deploy while the app is open)
 * reloads once, then says so". Once = not again while the reload is recent: five minutes
 * (core/rules/chunkReload.ts) after an automatic reload, a failure says so instead of reloading.
 */
const WINDOW = 5 * 60_000;

/**
 * A tab: its session storage outlives the reloads; `reloads` is when each happened and whether
 * the server answered then. `up` is whether the server answers; `serverBack` brings it up (the
 * test's broker comes back at once) and counts the waits.
 */
function tab(writable = true) {
  const session = new Map<string, string>();
  const t = { now: 0, up: true, waits: 0, reloads: [] as number[], reloadsWhileDown: 0 };
  const env: ReloadEnv = {
    now: () => t.now,
    lastReload: () => session.get("chunkReloadAt") ?? null,
    markReload: (at) => {
      if (writable) session.set("chunkReloadAt", String(at));
      return writable;
    },
    reload: () => {
      t.reloads.push(t.now);
      if (!t.up) t.reloadsWhileDown++;
    },
    serverAnswers: () => Promise.resolve(t.up),
    serverBack: () => {
      t.waits++;
      t.up = true;
      return Promise.resolve();
    },
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

/**
 * One load: `fails` is whether the file fails; `down` whether the server is down when it does
 * (the broker stopped); `failsAgain` whether the file still fails once the server is back.
 */
const step = fc.record({ after: fc.integer({ min: 0, max: 12 * 60_000 }), fails: fc.boolean(), down: fc.boolean(), failsAgain: fc.boolean() });

describe("a file that fails to load", () => {
  it("reloads the page when no automatic reload happened in the last five minutes, else says so; a file that loads never reloads; with the server down it waits for it and tries the file again, and never reloads while it is down", async () => {
    const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
    console.log(`chunkLoad seed: ${seed} (FC_SEED=${seed} replays it)`);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const { t, env } = tab();
        let lastReload: number | undefined; // the model: when this tab last reloaded by itself
        let waits = 0; // the model: how often a load waited for the server
        for (const s of steps) {
          t.now += s.after;
          t.up = !(s.fails && s.down);
          const before = t.reloads.length;
          let tries = 0;
          const load = () => {
            tries++;
            const failing = tries === 1 ? s.fails : s.failsAgain;
            return failing ? Promise.reject(new TypeError("Failed to fetch dynamically imported module")) : Promise.resolve("file");
          };
          const got = await outcome(loadChunk(load, env), before, () => t.reloads.length);
          // The rule: a file that loads is loaded. One that fails while the server is down waits for
          // it and is tried once more; if that loads, it is loaded. Otherwise reload once, unless an
          // automatic reload happened in the last five minutes: then say so.
          const stillFails = s.fails && (!s.down || s.failsAgain);
          const expected: Outcome = !stillFails ? "loaded" : lastReload === undefined || t.now - lastReload >= WINDOW ? "reloaded" : "said so";
          expect(got).toBe(expected);
          expect(tries).toBe(s.fails && s.down ? 2 : 1);
          if (s.fails && s.down) waits++;
          if (got === "reloaded") lastReload = t.now;
        }
        expect(t.waits).toBe(waits);
        expect(t.reloadsWhileDown).toBe(0);
        // No loop: two automatic reloads are never less than five minutes apart.
        for (let i = 1; i < t.reloads.length; i++) expect(t.reloads[i]! - t.reloads[i - 1]!).toBeGreaterThanOrEqual(WINDOW);
      }),
      { numRuns: 300, seed },
    );
  });

  it("the broker stopped (it serves the files): a file that fails does not reload the page into the browser's error page; it waits, and loads once the broker is back", async () => {
    const { t, env } = tab();
    t.up = false;
    let back!: () => void;
    const waiting = new Promise<void>((r) => (back = r));
    env.serverBack = async () => {
      await waiting;
      t.up = true;
    };
    let tries = 0;
    const load = () => (++tries === 1 ? Promise.reject(new TypeError("Failed to fetch dynamically imported module: /assets/ChartView.js")) : Promise.resolve("file"));
    const p = loadChunk(load, env);
    let settled = false;
    void p.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 0));
    expect(settled).toBe(false); // still waiting for the broker: the pane shows its fallback
    expect(t.reloads).toEqual([]);
    back();
    expect(await p).toBe("file");
    expect(tries).toBe(2);
    expect(t.reloads).toEqual([]);
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
