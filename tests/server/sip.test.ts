import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "../../server/clock.js";
import type { Instrument } from "../../server/market/types.js";
import { startBroker } from "./harness.js";
import { startTrading, type TradingBroker } from "./tradingHarness.js";

interface SipRow {
  sipId: number;
  status: string;
  done: number;
  nextDate: string;
  lastResult: string;
}

/** Moves the broker's clock to an IST wall time (the SIP scheduler reads it at each sweep). */
function setClock(b: TradingBroker, iso: string): Date {
  const at = new Date(iso);
  const clock: Clock = { now: () => at, mode: "fixed" };
  b.broker.ctx.clock = clock;
  return at;
}

/** SIPs: kept by the broker and placed on their dates on its clock (issue 17, item 3). */
describe("SIPs", () => {
  let b: TradingBroker;
  let infy: Instrument;
  beforeAll(async () => {
    // Monday 23 November 2026, 10:30 IST.
    b = await startTrading();
    infy = b.market.bySymbol("NSEEQ", "INFY") as Instrument;
  });
  afterAll(() => b.stop());

  const sipOrders = async () => (await b.call<{ orderTag?: string; quantity: number; orderNo: string }>("POST", "/core/v2/orders/book")).result.filter((o) => String(o.orderTag ?? "").startsWith("SIP"));

  it("a weekly SIP of 2 shares places its first instalment today, its second a week later, skipping nothing", async () => {
    const r = await b.call<SipRow>("POST", "/core/v2/sips", { exchange: "NSEEQ", token: infy.token, quantity: 2, frequency: "WEEKLY", startDate: "2026-11-23", count: 3 });
    expect(r.status).toBe("Ok");
    // The first date is today and the market is open: placed at once.
    expect(r.result[0]).toMatchObject({ status: "ACTIVE", done: 1, nextDate: "2026-11-30" });
    expect(r.result[0]!.lastResult).toMatch(/^Instalment 1: order \S+ for 2$/);
    const id = r.result[0]!.sipId;

    // Friday 27 November: nothing is due.
    b.broker.sips.sweep(setClock(b, "2026-11-27T05:00:00.000Z"));
    expect((await b.call<SipRow>("GET", "/core/v2/sips")).result.find((s) => s.sipId === id)).toMatchObject({ done: 1 });

    // Monday 30 November, 08:00 IST: due, but the market is not open yet.
    b.broker.sips.sweep(setClock(b, "2026-11-30T02:30:00.000Z"));
    expect((await b.call<SipRow>("GET", "/core/v2/sips")).result.find((s) => s.sipId === id)).toMatchObject({ done: 1 });

    // 09:20 IST: open, placed; a second sweep places nothing more.
    const at = setClock(b, "2026-11-30T03:50:00.000Z");
    b.broker.sips.sweep(at);
    b.broker.sips.sweep(at);
    const after = (await b.call<SipRow>("GET", "/core/v2/sips")).result.find((s) => s.sipId === id)!;
    expect(after).toMatchObject({ done: 2, status: "ACTIVE", nextDate: "2026-12-07" });
    const mine = (await sipOrders()).filter((o) => String(o.orderTag) === `SIP ${id}`);
    expect(mine).toHaveLength(1); // the book is the day's: 30 November's instalment
    expect(mine[0]!.quantity).toBe(2);
  });

  it("a monthly SIP by amount buys floor(amount / price) shares, and a date on a holiday moves to the next trading day", async () => {
    // 24 November 2026 is an exchange holiday (Guru Nanak Jayanti): the first instalment is the 25th.
    setClock(b, "2026-11-23T05:00:00.000Z");
    const ltp = b.market.quote("NSEEQ", infy.token)!.ltp;
    // An amount of three shares and a rupee: three shares, not four.
    const r = await b.call<SipRow>("POST", "/core/v2/sips", { exchange: "NSEEQ", token: infy.token, amount: 3 * ltp + 1, frequency: "MONTHLY", startDate: "2026-11-24", count: 2 });
    expect(r.result[0]).toMatchObject({ done: 0, nextDate: "2026-11-25" });
    const at = setClock(b, "2026-11-25T05:00:00.000Z");
    b.broker.sips.sweep(at);
    const s = (await b.call<SipRow>("GET", "/core/v2/sips")).result.find((x) => x.sipId === r.result[0]!.sipId)!;
    // The next date is 24 November + 1 month: Thursday 24 December, a trading day.
    expect(s.lastResult).toMatch(/for 3$/);
    expect(s).toMatchObject({ done: 1, nextDate: "2026-12-24" });
  });

  it("a cancelled SIP places nothing more; an instalment whose day went by is recorded as missed", async () => {
    setClock(b, "2026-12-01T05:00:00.000Z");
    const r = await b.call<SipRow>("POST", "/core/v2/sips", { exchange: "NSEEQ", token: infy.token, quantity: 1, frequency: "DAILY", startDate: "2026-12-02", count: 2 });
    const id = r.result[0]!.sipId;
    // The broker was not running on 2 December: on the 3rd the first is missed, the second placed.
    b.broker.sips.sweep(setClock(b, "2026-12-03T05:00:00.000Z"));
    const s = (await b.call<SipRow>("GET", "/core/v2/sips")).result.find((x) => x.sipId === id)!;
    expect(s).toMatchObject({ done: 2, status: "COMPLETED", nextDate: "" });

    const c = await b.call<SipRow>("POST", "/core/v2/sips", { exchange: "NSEEQ", token: infy.token, quantity: 1, frequency: "DAILY", startDate: "2026-12-04", count: 5 });
    expect((await b.call("DELETE", `/core/v2/sips/${c.result[0]!.sipId}`)).status).toBe("Ok");
    b.broker.sips.sweep(setClock(b, "2026-12-04T05:00:00.000Z"));
    expect((await b.call<SipRow>("GET", "/core/v2/sips")).result.find((x) => x.sipId === c.result[0]!.sipId)).toBeUndefined();
    expect((await b.call("DELETE", `/core/v2/sips/${c.result[0]!.sipId}`)).status).toBe("EC979");
  });

  it("a cancelled SIP stays listed that day, CANCELLED with its last result, and leaves the list the next day", async () => {
    // Tuesday 1 December 2026, 10:30 IST: a daily SIP from today places its first instalment at once.
    setClock(b, "2026-12-01T05:00:00.000Z");
    const r = await b.call<SipRow>("POST", "/core/v2/sips", { exchange: "NSEEQ", token: infy.token, quantity: 1, frequency: "DAILY", startDate: "2026-12-01", count: 3 });
    const id = r.result[0]!.sipId;
    const lastResult = r.result[0]!.lastResult;
    expect(lastResult).toMatch(/^Instalment 1: order \S+ for 1$/);
    // 15:00 IST the same day: cancelled.
    setClock(b, "2026-12-01T09:30:00.000Z");
    expect((await b.call("DELETE", `/core/v2/sips/${id}`)).status).toBe("Ok");
    const listed = async () => (await b.call<SipRow>("GET", "/core/v2/sips")).result.find((x) => x.sipId === id);
    // As a cancelled order stays in the day's book: listed, marked, its last instalment still said; no next date.
    expect(await listed()).toMatchObject({ status: "CANCELLED", done: 1, nextDate: "", lastResult });
    // 23:59 IST is still the day; 00:00 IST on 2 December is not.
    setClock(b, "2026-12-01T18:29:00.000Z");
    expect(await listed()).toMatchObject({ status: "CANCELLED" });
    setClock(b, "2026-12-01T18:30:00.000Z");
    expect(await listed()).toBeUndefined();
  });

  it("a SIP whose start date is after today places nothing today, though the market is open", async () => {
    // Tuesday 1 December 2026, 10:30 IST, market open; the SIP starts Thursday 3 December.
    const at = setClock(b, "2026-12-01T05:00:00.000Z");
    const r = await b.call<SipRow>("POST", "/core/v2/sips", { exchange: "NSEEQ", token: infy.token, quantity: 1, frequency: "MONTHLY", startDate: "2026-12-03", count: 2 });
    expect(r.result[0]).toMatchObject({ status: "ACTIVE", done: 0, nextDate: "2026-12-03", lastResult: "" });
    b.broker.sips.sweep(at);
    expect((await b.call<SipRow>("GET", "/core/v2/sips")).result.find((x) => x.sipId === r.result[0]!.sipId)).toMatchObject({ done: 0 });
    expect((await sipOrders()).filter((o) => String(o.orderTag) === `SIP ${r.result[0]!.sipId}`)).toHaveLength(0);
  });

  it("refuses a SIP with both or neither of quantity and amount, a past start or an F&O instrument (EC991, EC902)", async () => {
    setClock(b, "2026-12-01T05:00:00.000Z");
    const base = { exchange: "NSEEQ", token: infy.token, frequency: "WEEKLY", startDate: "2026-12-02", count: 2 };
    expect((await b.call("POST", "/core/v2/sips", { ...base, quantity: 1, amount: 100 })).status).toBe("EC991");
    expect((await b.call("POST", "/core/v2/sips", base)).status).toBe("EC991");
    expect((await b.call("POST", "/core/v2/sips", { ...base, quantity: 1, startDate: "2026-11-30" })).status).toBe("EC991");
    expect((await b.call("POST", "/core/v2/sips", { ...base, quantity: 1, token: 99_999_999 })).status).toBe("EC902");
  });
});

describe("the SIP beta flag", () => {
  it("answers EC876 to an account BETA_LOCKED out of sip, and lets others in", async () => {
    const b = await startBroker({ SIM_TIME: "2026-11-23T05:00:00.000Z", TICK_HZ: "0", BETA_LOCKED: "sip:DEMO2" });
    try {
      const infy = b.broker.market.bySymbol("NSEEQ", "INFY") as Instrument;
      const body = JSON.stringify({ exchange: "NSEEQ", token: infy.token, quantity: 1, frequency: "WEEKLY", startDate: "2026-11-30", count: 1 });
      const post = async (userId: string) => {
        const token = await b.login(userId);
        const res = await fetch(`${b.url}/core/v2/sips`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body });
        return (await res.json()) as { status: string; result: Array<{ feature?: string }> };
      };
      const locked = await post("DEMO2");
      expect(locked.status).toBe("EC876");
      expect(locked.result[0]).toEqual({ feature: "sip" });
      expect((await post("DEMO1")).status).toBe("Ok");
    } finally {
      await b.stop();
    }
  }, 60_000);
});
