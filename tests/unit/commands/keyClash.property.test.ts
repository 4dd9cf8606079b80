import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { effectiveKeymap, defaultKeymap, rebindClash, type Keymap } from "../../../src/commands/keymap";
import { isLive, type KeyPlace, type ScopeName } from "../../../src/commands/scopes";
import type { DialogId } from "../../../src/data/stores/ui";
import type { AnyCommand } from "../../../src/commands/types";

/**
 * Settings' rebinding: "never leave two commands on one key in one context". Random commands in
 * random scopes with random declared keys, then random rebindings, each kept only when
 * rebindClash finds nothing. After every step, at every place a key is pressed, no two commands
 * are live on one key unless both were declared on it (a declared narrower meaning, such as an
 * idea's `s`, which the defaults already have). And a refusal names a command that really is live
 * with the rebound one somewhere on that key, and was not declared there beside it.
 * Replay a failure with FC_SEED=<seed> (fast-check prints it).
 */
const SCOPES: ScopeName[] = ["global", "outsideChart", "portfolio", "watchlist", "orders", "gtt", "chart", "gttForm", "orderWindow", "login.password"];
const KEYS = ["s", "b", "escape", "ctrl+k", "plus"];
const VIEWS = [undefined, "position", "holdings", "watchlist", "orders", "chart", "chartpage", "orderwindow"];
const DIALOGS: Array<DialogId | undefined> = [undefined, "gtt", "orderWindow"];
const PLACES: KeyPlace[] = [
  ...VIEWS.flatMap((view) => DIALOGS.map((dialog) => ({ view, dialog }))),
  { view: undefined, dialog: undefined, loginStage: "password" },
  { view: undefined, dialog: undefined, loginStage: "otp" },
];

const commandsArb = fc
  .array(fc.record({ scope: fc.constantFrom(...SCOPES), keys: fc.subarray(KEYS, { maxLength: 2 }) }), { minLength: 2, maxLength: 8 })
  .map((cs) => cs.map((c, i): AnyCommand => ({ id: `c${i}`, title: `c${i}`, group: "Test", scope: c.scope, keys: c.keys, run: () => {} })));

const scopeOf = (commands: readonly AnyCommand[], id: string): ScopeName => commands.find((c) => c.id === id)?.scope ?? "global";
const declared = (defaults: Keymap, a: string, b: string, key: string) => !!defaults[a]?.includes(key) && !!defaults[b]?.includes(key);

describe("rebinding never leaves two commands on one key in one place", () => {
  it("holds over random keymaps and rebindings", () => {
    fc.assert(
      fc.property(commandsArb, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...KEYS)), { maxLength: 12 }), (commands, steps) => {
        const defaults = defaultKeymap(commands);
        let overrides: Keymap = {};
        for (const [n, key] of steps) {
          const id = commands[n % commands.length]!.id;
          const clash = rebindClash(commands, overrides, id, key);
          if (clash) {
            expect(clash.key).toBe(key);
            expect(PLACES.some((p) => isLive(scopeOf(commands, id), key, p) && isLive(scopeOf(commands, clash.other), key, p))).toBe(true);
            expect(declared(defaults, id, clash.other, key)).toBe(false);
          } else overrides = { ...overrides, [id]: [key] };
          const keymap = effectiveKeymap(defaults, overrides);
          for (const p of PLACES) {
            for (const k of KEYS) {
              const live = commands.filter((c) => keymap[c.id]?.includes(k) && isLive(c.scope ?? "global", k, p)).map((c) => c.id);
              for (const a of live) for (const b of live) if (a < b) expect(declared(defaults, a, b, k), `${a} and ${b} both on ${k} at ${JSON.stringify(p)}`).toBe(true);
            }
          }
        }
      }),
    );
  });
});
