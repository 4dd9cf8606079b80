import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BasketLeg } from "../../../src/core/rules/basket.js";
import { fireLegs } from "../../../src/core/rules/basketRun.js";
import { startBroker, type TestBroker } from "../harness.js";
import { basketCall } from "./basketCall.js";

/**
 * A basket's last run, kept by the broker beside the basket (the explorer's finding: the Last run
 * column was gone after a reload and never showed in a second browser, so the trader could not see
 * which legs went). The rule: the run is the user's, read back by every session of that user; a leg
 * is placed when an order is booked under its key of the run; a refused leg keeps the code and
 * message the app reports; a new run replaces the last only when the firing knew that last run.
 */
describe("a basket's last run under /core/basketorder/run", () => {
  let b: TestBroker;
  let first: string;
  let second: string;
  let other: string;
  const call = basketCall(() => b.url);
  const place = (bearer: string) => async (req: unknown) => {
    const res = await fetch(`${b.url}/core/v2/orders/`, { method: "POST", headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" }, body: JSON.stringify(req) });
    const env = (await res.json()) as { status: string; message: string; result: Array<{ status: string; message: string; orderNo: string }> };
    return env.result[0] ?? env;
  };
  const bookSize = async (bearer: string) => {
    const res = await fetch(`${b.url}/core/v2/orders/book`, { method: "POST", headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" }, body: "{}" });
    return ((await res.json()) as { result?: unknown[] }).result?.length ?? 0;
  };
  const token = (symbol: string) => b.broker.market.bySymbol("NSEEQ", symbol)!.token;

  beforeAll(async () => {
    b = await startBroker({ SIM_TIME: "2026-11-23T04:30:00Z", TICK_HZ: "0" });
    first = await b.login("DEMO1");
    // The same user in another browser: a session of its own.
    second = await b.login("DEMO1");
    other = await b.login("DEMO2");
  });
  afterAll(async () => b.stop());

  it("keeps which legs went and why the others did not, for every session of the user, and retries only those", async () => {
    const id = (await call("POST", "create", first, { basketName: "Retry" })).result[0]!.basketId as number;
    // TCS at market is placed; INFY at 99,999 is far outside its circuit (EC918).
    await call("POST", "add/scrips", first, { basketId: id, scrips: [{ exchange: "NSEEQ", token: token("TCS-EQ"), transType: "BUY", qty: 1 }, { exchange: "NSEEQ", token: token("INFY-EQ"), transType: "BUY", qty: 1, price: 99_999 }] });
    const legs = (await call("GET", `get/scrips/${id}`, first)).result as unknown as BasketLeg[];
    const [tcs, infy] = legs;
    const before = await bookSize(first);

    // Said before placing: both legs, sent with no answer yet.
    const begun = await call("POST", "run/begin", first, { basketId: id, runId: "r1", replaces: "", scripIds: [tcs!.scripId, infy!.scripId] });
    expect(begun.status).toBe("Ok");
    expect((begun.result[0]!.legs as Array<{ state: string; name: string }>).map((l) => [l.name, l.state])).toEqual([
      ["Qty 1 BUY TCS-EQ", "sent"],
      ["Qty 1 BUY INFY-EQ", "sent"],
    ]);
    const report = await fireLegs(legs, "r1", place(first));
    expect(report.map((r) => r.placed)).toEqual([true, false]);
    const tcsOrder = report[0]!.placed ? report[0]!.orderNo : "";
    await call("POST", "run/refused", first, { basketId: id, runId: "r1", refused: [{ scripId: infy!.scripId, code: "EC918", message: "Price is outside the circuit limits" }] });

    // Another browser of the same user reads the run as the first left it; another user sees nothing of it.
    const seenElsewhere = (await call("GET", "get", second)).result.find((x) => x.basketId === id)!;
    expect(seenElsewhere.lastRun).toEqual({
      runId: "r1",
      firedAt: begun.result[0]!.firedAt,
      legs: [
        { scripId: tcs!.scripId, name: "Qty 1 BUY TCS-EQ", state: "placed", orderNo: tcsOrder },
        { scripId: infy!.scripId, name: "Qty 1 BUY INFY-EQ", state: "refused", code: "EC918", message: "Price is outside the circuit limits" },
      ],
    });
    expect((await call("GET", "get", other)).result.some((x) => x.basketId === id)).toBe(false);
    expect((await call("POST", "run/begin", other, { basketId: id, runId: "x1", replaces: "r1", scripIds: [tcs!.scripId] })).status).toBe("EC964");

    // A firing whose confirmation did not know run r1 (opened before it) is refused: it would place TCS again.
    const stale = await call("POST", "run/begin", second, { basketId: id, runId: "r2", replaces: "", scripIds: [tcs!.scripId, infy!.scripId] });
    expect([stale.status, stale.message]).toEqual(["EC969", "The basket was fired meanwhile: look at its last run and fire again"]);
    // A leg that is not the basket's is refused.
    expect((await call("POST", "run/begin", second, { basketId: id, runId: "r1", replaces: "", scripIds: [999_999] })).status).toBe("EC965");

    // The refused leg edited (deleted and added at a price in the circuit: a new leg), then the last run retried with it alone.
    await call("POST", "delete/scrips", first, { basketId: id, scripsId: [infy!.scripId] });
    const edited = ((await call("POST", "add/scrips", first, { basketId: id, scrips: [{ exchange: "NSEEQ", token: token("INFY-EQ"), transType: "BUY", qty: 1 }] })).result as unknown as BasketLeg[]).at(-1)!;
    const retried = await call("POST", "run/begin", second, { basketId: id, runId: "r1", replaces: "r1", scripIds: [edited.scripId] });
    // The refused leg that is no longer in the basket is dropped; TCS stays placed with its order.
    expect((retried.result[0]!.legs as Array<{ scripId: number; state: string }>).map((l) => [l.scripId, l.state])).toEqual([
      [tcs!.scripId, "placed"],
      [edited.scripId, "sent"],
    ]);
    const again = await fireLegs([edited], "r1", place(second));
    expect(again.map((r) => r.placed)).toEqual([true]);
    const after = (await call("POST", "run/refused", second, { basketId: id, runId: "r1", refused: [] })).result[0]!;
    expect((after.legs as Array<{ state: string }>).map((l) => l.state)).toEqual(["placed", "placed"]);
    // Two orders in all: TCS once, the edited INFY once.
    expect((await bookSize(first)) - before).toBe(2);

    // A deleted basket takes its run with it.
    await call("POST", "run/refused", first, { basketId: id, runId: "r1", refused: [] });
    const del = await fetch(`${b.url}/core/basketorder/delete/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${first}` } });
    expect(((await del.json()) as { status: string }).status).toBe("Ok");
    expect(b.broker.db.prepare("SELECT COUNT(*) AS n FROM basket_runs WHERE basket_id = ?").get(id)).toEqual({ n: 0 });
  });
});
