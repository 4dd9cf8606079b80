import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../support/memoryStorage";
import { commandContext } from "../commands/context";

/**
 * FINDINGS-26 s6: a setting changed in a second window of the browser was not seen by the first,
 * which kept acting on its old value, and its toggle then reported the wrong change. The rule
 * (access-and-surroundings section 3, Settings: theme, stickOw, isShowNotifications; they are the
 * user's own, kept per client code): every window of one browser acts on the one saved value;
 * a toggle flips the value in force and says the new one.
 *
 * Two windows are two loads of the app's modules over one local storage (as two tabs of one
 * browser share it). The browser's storage event, which reaches every other window of the origin
 * some time after a write, is a queue per window, delivered in a random order amid the changes.
 * The model is the rule alone: one saved record; a toggle's word is the opposite of what it held.
 */

interface Win {
  registry: typeof import("../../../src/commands/all")["registry"];
  settings: typeof import("../../../src/data/stores/settings");
  keymap: typeof import("../../../src/commands/keymapStore");
  said: () => string | undefined;
  target: EventTarget;
  queue: string[];
}

const storage = new MemoryStorage();
let writer: Win | undefined;
const wins: Win[] = [];
// Every write by one window is heard later by the others: the browser's storage event.
const shared = {
  get length() {
    return storage.length;
  },
  key: (i: number) => storage.key(i),
  getItem: (k: string) => storage.getItem(k),
  setItem: (k: string, v: string) => {
    storage.setItem(k, v);
    for (const w of wins) if (w !== writer) w.queue.push(k);
  },
  removeItem: (k: string) => storage.removeItem(k),
  clear: () => storage.clear(),
};
vi.stubGlobal("localStorage", shared);

async function openWindow(): Promise<Win> {
  vi.resetModules();
  const registry = (await import("../../../src/commands/all")).registry;
  const statusLine = await import("../../../src/data/stores/statusLine");
  const settings = await import("../../../src/data/stores/settings");
  (await import("../../../src/data/stores/session")).startSession({ clientCode: "DEMO1", accessToken: "token-1" });
  const keymap = await import("../../../src/commands/keymapStore");
  const target = new EventTarget();
  // The app's own windows follow the storage event of `window`; these two have none, so each is given its own.
  (settings as { followOtherWindows?: (t: EventTarget) => void }).followOtherWindows?.(target);
  (keymap as { followOtherWindowsKeys?: (t: EventTarget) => void }).followOtherWindowsKeys?.(target);
  const w: Win = { registry, settings, keymap, said: () => statusLine.statusLine$.peek()?.text, target, queue: [] };
  wins.push(w);
  return w;
}

function deliver(w: Win): void {
  const key = w.queue.shift();
  if (key === undefined) return;
  const e = new Event("storage") as Event & { key: string };
  Object.defineProperty(e, "key", { value: key });
  w.target.dispatchEvent(e);
}

/** Every storage event a window has yet to hear. */
function deliverAll(w: Win): void {
  while (w.queue.length) deliver(w);
}

let a: Win;
let b: Win;
beforeAll(async () => {
  a = await openWindow();
  b = await openWindow();
  // Two loads of the modules: each window its own memory.
  expect(a.settings.settings$).not.toBe(b.settings.settings$);
  a.queue.length = 0;
  b.queue.length = 0;
}, 60_000);

type Toggle = "stickOw" | "isShowNotifications";
const TOGGLE: Record<Toggle, { id: string; words: string }> = {
  stickOw: { id: "settings.stickOw.toggle", words: "Keep the order window open after placing" },
  isShowNotifications: { id: "settings.notifications.toggle", words: "Order notifications" },
};
type Step = { t: "toggle"; w: 0 | 1; s: Toggle } | { t: "exchange"; w: 0 | 1; x: "NSE" | "BSE" } | { t: "deliver"; w: 0 | 1 };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ t: fc.constant("toggle" as const), w: fc.constantFrom(0 as const, 1 as const), s: fc.constantFrom<Toggle>("stickOw", "isShowNotifications") }),
  fc.record({ t: fc.constant("exchange" as const), w: fc.constantFrom(0 as const, 1 as const), x: fc.constantFrom("NSE" as const, "BSE" as const) }),
  fc.record({ t: fc.constant("deliver" as const), w: fc.constantFrom(0 as const, 1 as const) }),
);

describe("settings across the windows of one browser", () => {
  it("a toggle in either window flips the value in force and says it; both windows end on the saved settings", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), async (steps) => {
        // Both windows start from the same saved settings, each told of them.
        const start = { ...a.settings.settings$.peek() };
        b.settings.settings$.set({ ...start });
        a.queue.length = 0;
        b.queue.length = 0;
        const model = { stickOw: start.stickOw, isShowNotifications: start.isShowNotifications, defaultExchange: start.defaultExchange };
        for (const s of steps) {
          const w = s.w === 0 ? a : b;
          if (s.t === "deliver") {
            deliver(w);
            continue;
          }
          writer = w;
          if (s.t === "toggle") {
            await w.registry.run(TOGGLE[s.s].id, commandContext("home"));
            model[s.s] = !model[s.s];
            // What it says is the value now in force: the opposite of what held before it, wherever that was set.
            expect(w.said()).toMatch(new RegExp(`^${TOGGLE[s.s].words}: ${model[s.s] ? "on" : "off"} — `));
          } else {
            await w.registry.run("settings.defaultExchange.set", commandContext("home"), { exchange: s.x });
            model.defaultExchange = s.x;
          }
          writer = undefined;
          // The window that changed it acts on the new value at once.
          expect(w.settings.settings$[s.t === "toggle" ? s.s : "defaultExchange"].peek()).toBe(s.t === "toggle" ? model[s.s] : model.defaultExchange);
        }
        while (a.queue.length || b.queue.length) {
          deliver(a);
          deliver(b);
        }
        for (const w of [a, b]) {
          const { stickOw, isShowNotifications, defaultExchange } = w.settings.settings$.peek();
          expect({ stickOw, isShowNotifications, defaultExchange }).toEqual(model);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("the finding's steps: A turns it on, B off, A's next toggle says on", async () => {
    writer = a;
    a.settings.setSetting("stickOw", false);
    deliverAll(a);
    deliverAll(b);
    await a.registry.run("settings.stickOw.toggle", commandContext("home"));
    writer = b;
    deliverAll(b);
    await b.registry.run("settings.stickOw.toggle", commandContext("home"));
    expect(b.said()).toBe("Keep the order window open after placing: off — it closes after each order");
    writer = undefined;
    deliverAll(a);
    // A acts on off at once (its order window closes after placing), before its own toggle.
    expect(a.settings.settings$.stickOw.peek()).toBe(false);
    expect(a.said()).toBe("Set in another window: Keep the order window open after placing: off — it closes after each order");
    writer = a;
    await a.registry.run("settings.stickOw.toggle", commandContext("home"));
    writer = undefined;
    expect(a.said()).toBe("Keep the order window open after placing: on — Esc closes it");
  });

  it("a key rebound in B is the key in A at once, and a rebinding in A then keeps B's", () => {
    deliverAll(a);
    deliverAll(b);
    writer = b;
    expect(b.keymap.rebind("position.info", "1")).toEqual({ ok: true });
    writer = undefined;
    deliverAll(a);
    expect(a.keymap.keysOf("position.info")).toEqual(["1"]);
    writer = a;
    expect(a.keymap.rebind("position.convert", "2")).toEqual({ ok: true });
    writer = undefined;
    deliverAll(b);
    for (const w of [a, b]) {
      expect(w.keymap.keysOf("position.info")).toEqual(["1"]);
      expect(w.keymap.keysOf("position.convert")).toEqual(["2"]);
    }
  });

  it("the theme switched in A is B's at once, and B's switch then goes from it", () => {
    deliverAll(a);
    deliverAll(b);
    const was = a.settings.theme$.peek();
    const other = was === "dark" ? "light" : "dark";
    writer = a;
    a.settings.toggleTheme();
    writer = undefined;
    deliverAll(b);
    expect(b.settings.theme$.peek()).toBe(other);
    writer = b;
    b.settings.toggleTheme();
    writer = undefined;
    deliverAll(a);
    expect([a.settings.theme$.peek(), b.settings.theme$.peek()]).toEqual([was, was]);
  });
});
