import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import type { BasketLeg } from "../../../src/core/rules/basket";
import { beginRun, runAsSeen, withRefusals, type StoredRun } from "../../../src/core/rules/basketLastRun";
import type { OrderRequest } from "../../../src/core/types/order";
import { commandContext } from "./context";

/**
 * The explorer's finding: firing a basket again placed again the legs that had already gone. The
 * rule (README: "a second Enter or a retry never places a leg twice"; the fix's decision): `f`
 * places only the legs the basket's last run did not place, a leg edited since counts as not
 * placed, and only "Basket: place again (all legs)" (Shift+F) places every leg a second time. The
 * last run is the broker's, so a reload shows it as it was.
 *
 * The app's commands run against a small broker kept here: it books an order per clientOrderKey
 * once (a refused order does not use up its key, as orders/intake.ts), refuses a leg priced 9999 or
 * on a halted contract (EC918), and keeps the run beside the basket with the server's own rules
 * (core/rules/basketLastRun.ts, as server/basket/routes.ts). The expected orders come from the
 * reference model below, written from the rule alone.
 */

const GOOD = 3000;
const BAD = 9999;

/** The broker of this test. */
const broker = {
  legs: [] as BasketLeg[],
  nextScripId: 1,
  halted: new Set<number>(),
  keys: new Map<string, string>(),
  /** Orders booked, by the scripId of the leg each placed. */
  orders: [] as number[],
  run: undefined as StoredRun | undefined,
  /** When set, the app never hears the place call's answer (the broker books it all the same). */
  loseAnswers: false,
};
const ok = <T>(result: T[]) => ({ status: "Ok", message: "Success", result });
const refusal = (status: string, message: string) => ({ status, message, result: [] });
const name = (l: BasketLeg) => `Qty ${l.qty} ${l.transType} ${l.tradingSymbol}`;
const seen = () => (broker.run ? runAsSeen(broker.run, (id) => broker.keys.get(`bk-${broker.run!.runId}-${id}`)) : undefined);

vi.mock("../../../src/data/api/baskets", () => ({
  getBaskets: async () => ok([{ basketId: 1, basketName: "Retry", createdBy: "DEMO1", scripCount: broker.legs.length, ...(seen() ? { lastRun: seen() } : {}) }]),
  getBasketLegs: async () => ok(broker.legs),
  deleteBasketLegs: async (_b: number, ids: number[]) => {
    broker.legs = broker.legs.filter((l) => !ids.includes(l.scripId));
    return ok(broker.legs);
  },
  addBasketLegs: async (_b: number, scrips: Array<Omit<BasketLeg, "scripId">>) => {
    for (const s of scrips) broker.legs.push({ ...s, scripId: broker.nextScripId++, tradingSymbol: `S${s.token}-EQ` } as BasketLeg);
    return ok(broker.legs);
  },
  beginBasketRun: async (_b: number, runId: string, replaces: string, scripIds: number[]) => {
    const next = beginRun(broker.run, { runId, replaces, scripIds }, broker.legs.map((l) => ({ scripId: l.scripId, name: name(l) })), (id) => broker.run !== undefined && broker.keys.has(`bk-${broker.run.runId}-${id}`), "2026-12-04T04:00:00.000Z");
    if (typeof next === "string") return refusal(next, "refused");
    broker.run = next;
    return ok([seen()!]);
  },
  reportBasketRun: async (_b: number, runId: string, refused: Array<{ scripId: number; code: string; message: string }>) => {
    broker.run = withRefusals(broker.run, runId, refused);
    return ok(broker.run ? [seen()!] : []);
  },
}));
// The broker's clock: the same trading day as the runs it keeps (fired at 09:30 IST on 4 Dec), so a run stays the day's.
vi.mock("../../../src/data/stores/brokerClock", async (original) => ({
  ...(await original<typeof import("../../../src/data/stores/brokerClock")>()),
  stampNow: () => Date.parse("2026-12-04T06:00:00.000Z"),
}));

vi.mock("../../../src/data/api/orders", async (original) => ({
  ...(await original<object>()),
  checkMargin: async () => ok([{ currentOrderMargin: 100 }]),
  fetchSecurityInfo: async () => ok([]),
  fetchCharges: async () => ({ charges: { total: 1 } }),
  placeOrder: async (req: OrderRequest) => {
    const key = req.clientOrderKey!;
    const leg = broker.legs.find((l) => l.token === Number(req.instrumentId))!;
    let answer;
    if (broker.keys.has(key)) answer = ok([{ status: "Ok", message: "Success", orderNo: broker.keys.get(key)! }]);
    else if (req.price === BAD || broker.halted.has(leg.token)) answer = refusal("EC918", "Price is outside the circuit limits");
    else {
      const orderNo = `O${broker.orders.length + 1}`;
      broker.orders.push(leg.scripId);
      broker.keys.set(key, orderNo);
      answer = ok([{ status: "Ok", message: "Success", orderNo }]);
    }
    if (broker.loseAnswers) throw new Error("No answer from the broker");
    return answer;
  },
}));

const { registry } = await import("../../../src/commands/all");
const { baskets$, loadBaskets } = await import("../../../src/data/stores/baskets");
const { overlay$, closeOverlay } = await import("../../../src/data/stores/ui");
const { setToastSink } = await import("../../../src/core/notify");
const { resetSessionState } = await import("../../../src/data/stores/sessionReset");
const { reportOf } = await import("../../../src/core/rules/basketLastRun");

/** The reference model: each leg (a scripId; an edit makes a new one), whether the broker takes it, the orders booked for it, and what the last run placed. */
interface Model {
  legs: Array<{ id: number; token: number; price: number }>;
  halted: Set<number>;
  orders: Map<number, number>;
  lastRunPlaced: Set<number> | undefined;
}
const takes = (m: Model, l: Model["legs"][number]) => l.price !== BAD && !m.halted.has(l.token);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

type Step =
  | { kind: "fire"; enterTwice: boolean; lose: boolean }
  | { kind: "again" }
  | { kind: "edit"; at: number; good: boolean }
  | { kind: "halt"; at: number; on: boolean }
  | { kind: "reload" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("fire" as const), enterTwice: fc.boolean(), lose: fc.boolean() }),
  fc.constant({ kind: "again" as const }),
  fc.record({ kind: fc.constant("edit" as const), at: fc.nat(), good: fc.boolean() }),
  fc.record({ kind: fc.constant("halt" as const), at: fc.nat(), on: fc.boolean() }),
  fc.constant({ kind: "reload" as const }),
);

const ctx = commandContext("baskets", { selection: { kind: "basket", basketId: 1 } });

/** `f` or Shift+F in the view, then Enter (twice: the same confirmation's command run again) when a confirmation opens. Answers its label, or the toast. */
async function fire(commandId: string, enterTwice: boolean, toasts: string[]): Promise<{ label?: string; toast?: string }> {
  toasts.length = 0;
  await registry.run(commandId, ctx);
  const top = overlay$.top.peek();
  if (top.kind !== "confirm") return { toast: toasts.join(" | ") };
  closeOverlay();
  await registry.run(top.commandId, ctx, top.args);
  if (enterTwice) await registry.run(top.commandId, ctx, top.args);
  return { label: top.confirmLabel };
}

async function reload(): Promise<void> {
  resetSessionState();
  await loadBaskets();
}

describe("firing a basket again (the explorer's finding: legs placed twice)", () => {
  it("places each leg once across fire, refusal, edit, fire again and reload; only Shift+F places the legs again, and says so", async () => {
    const toasts: string[] = [];
    setToastSink((t) => toasts.push(t.text));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }), fc.array(step, { minLength: 1, maxLength: 8 }), async (goods, steps) => {
        Object.assign(broker, { legs: [], nextScripId: 1, halted: new Set(), keys: new Map(), orders: [], run: undefined, loseAnswers: false });
        const m: Model = { legs: [], halted: new Set(), orders: new Map(), lastRunPlaced: undefined };
        goods.forEach((good, i) => {
          const price = good ? GOOD : BAD;
          broker.legs.push({ scripId: broker.nextScripId++, exchange: "NSEEQ", token: 100 + i, transType: "BUY", qty: 1, product: "INTRADAY", orderType: "LIMIT", price, trigger: 0, tradingSymbol: `S${100 + i}-EQ` });
          m.legs.push({ id: i + 1, token: 100 + i, price });
        });
        await reload();

        for (const s of steps) {
          if (s.kind === "fire" || s.kind === "again") {
            const again = s.kind === "again";
            // The rule: `f` places the legs the last run did not place; Shift+F places every leg.
            const toPlace = again || !m.lastRunPlaced ? m.legs : m.legs.filter((l) => !m.lastRunPlaced!.has(l.id));
            const wentBefore = m.lastRunPlaced?.size ?? 0;
            broker.loseAnswers = s.kind === "fire" && s.lose;
            const r = await fire(again ? "basket.fire.again" : "basket.fire", s.kind === "fire" && s.enterTwice, toasts);
            broker.loseAnswers = false;
            if (toPlace.length === 0) {
              // Nothing left: no confirmation, and the way to place them all again is said.
              expect(r.label).toBeUndefined();
              expect(r.toast).toContain("Every leg of basket Retry was placed in its last run");
              expect(r.toast).toContain("Shift+F");
              continue;
            }
            expect(r.label).toBe(again ? `Place ${plural(toPlace.length, "order")} again` : wentBefore > 0 ? `Place the ${plural(toPlace.length, "leg")} not placed` : `Place ${plural(toPlace.length, "order")}`);
            if (again || !m.lastRunPlaced) m.lastRunPlaced = new Set();
            for (const l of toPlace) {
              if (!takes(m, l)) continue;
              m.orders.set(l.id, (m.orders.get(l.id) ?? 0) + 1);
              m.lastRunPlaced.add(l.id);
            }
          } else if (s.kind === "edit") {
            const i = s.at % m.legs.length;
            const old = m.legs[i]!;
            const price = s.good ? GOOD : BAD;
            await registry.run("basket.leg.submit", ctx, { basketId: 1, scripId: old.id, edit: { qty: 1, transType: "BUY", product: "INTRADAY", orderType: "LIMIT", price, trigger: 0 } });
            // An edit deletes the leg and adds it again: a new leg, at the end of the basket.
            m.legs.splice(i, 1);
            m.legs.push({ id: broker.nextScripId - 1, token: old.token, price });
          } else if (s.kind === "halt") {
            const token = m.legs[s.at % m.legs.length]!.token;
            for (const set of [m.halted, broker.halted]) {
              if (s.on) set.add(token);
              else set.delete(token);
            }
          } else {
            await reload();
          }

          // Orders booked, leg by leg, as the model says; and the view's last run, leg by leg.
          const booked = new Map<number, number>();
          for (const id of broker.orders) booked.set(id, (booked.get(id) ?? 0) + 1);
          expect(booked).toEqual(m.orders);
          // The pane's margin stays the whole basket's (100 a leg here) after a retry's confirmation asked only its legs'
          // (asked again when legs change, without being awaited: its answers land first).
          await new Promise((r) => setTimeout(r, 0));
          expect(baskets$.margin.peek()["1"]).toBe(100 * m.legs.length);
          const run = baskets$.runs.peek()["1"];
          for (const l of m.legs) {
            const rep = reportOf(run, l.id);
            expect(typeof rep === "object" && rep.placed, `leg ${l.id} placed in the last run`).toBe(m.lastRunPlaced?.has(l.id) ?? false);
          }
        }
        // A reload shows the same last run as the window that fired.
        const before = baskets$.runs.peek()["1"];
        await reload();
        const after = baskets$.runs.peek()["1"];
        for (const l of m.legs) expect(reportOf(after, l.id)).toEqual(reportOf(before, l.id));
        expect(after === undefined).toBe(m.lastRunPlaced === undefined);
      }),
      { numRuns: 120 },
    );
  });
});
