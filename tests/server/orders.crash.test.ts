import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { client, startProcess } from "./crashHarness.js";

describe("a kill -9 loses nothing committed", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-crash-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("orders, trades, positions, holdings, funds and keys are all there after SIGKILL and a restart", async () => {
    const first = startProcess(dataDir);
    let call = await client(await first.url);
    const infy = (await call("POST", "/core/search", { searchText: "INFY", exchange: ["NSEEQ"], pageSize: 5, currentPage: 1 })).result.find((r) => r.tradingSymbol === "INFY-EQ")!;
    const info = (await call("POST", "/core/v2/security/info", { exchange: "NSEEQ", token: infy.token })).result[0]!;
    const order = (over: Record<string, unknown>) => ({ exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 3, product: "DELIVERY", orderType: "MARKET", validity: "DAY", ...over });
    const filled = await call("POST", "/core/v2/orders/", order({ clientOrderKey: "crash-1" }));
    expect(filled.result[0]?.orderStatus).toBe("complete");
    const resting = await call("POST", "/core/v2/orders/", order({ orderType: "LIMIT", price: info.lowerCircuit }));
    expect(resting.result[0]?.orderStatus).toBe("open");
    expect((await call("POST", "/core/v2/funds/add", { amount: 1234.5 })).status).toBe("Ok");
    const snap = async () => ({
      book: (await call("POST", "/core/v2/orders/book")).result,
      trades: (await call("POST", "/core/v2/orders/trades")).result,
      positions: (await call("POST", "/core/v2/positions")).result.map((p) => [p.tradingSymbol, p.product, p.netQuantity, p.buyPrice, p.sellPrice, p.realizedPnl]),
      holdings: (await call("POST", "/core/v2/holdings")).result.map((h) => [h.isin, h.product, h.totalQuantity, h.t1Quantity, h.averageTradedPrice]),
      funds: (await call("POST", "/core/limits")).result.map((l) => [l.segment, l.intradayPayin, l.utilisedTotalMargin]),
    });
    const before = await snap();
    // The pay-in of 1,234.50 and the 3 shares bought are in what the restart must show.
    expect(before.funds[0]).toEqual(["CASH", 1234.5, expect.any(Number)]);
    expect(before.trades.reduce((s, t) => s + (t.filledQuantity as number), 0)).toBe(3);

    first.child.kill("SIGKILL");
    await first.exited();

    const second = startProcess(dataDir);
    try {
      call = await client(await second.url);
      expect(await snap()).toEqual(before);
      // The key still answers the first order; the resting order still works and can be cancelled.
      expect((await call("POST", "/core/v2/orders/", order({ clientOrderKey: "crash-1" }))).result[0]?.orderNo).toBe(filled.result[0]?.orderNo);
      expect((await call("DELETE", `/core/v2/orders/${resting.result[0]?.orderNo as string}`)).result[0]?.orderStatus).toBe("cancelled");
    } finally {
      second.child.kill("SIGTERM");
      await second.exited();
    }
  }, 120_000);

  it("under group commit, every order acknowledged before a SIGKILL in a burst is there after the restart", async () => {
    const burstDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-crash-burst-"));
    const first = startProcess(burstDir);
    const acknowledged: string[] = [];
    try {
      const url = await first.url;
      const call = await client(url);
      const infy = (await call("POST", "/core/search", { searchText: "INFY", exchange: ["NSEEQ"], pageSize: 5, currentPage: 1 })).result.find((r) => r.tradingSymbol === "INFY-EQ")!;
      const info = (await call("POST", "/core/v2/security/info", { exchange: "NSEEQ", token: infy.token })).result[0]!;
      expect((await call("POST", "/core/v2/funds/add", { amount: 10_000_000 })).status).toBe("Ok");
      // 400 resting orders fired at once; the process is killed as soon as 100 are acknowledged.
      let killed = false;
      const fire = (i: number) =>
        call("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 1, product: "INTRADAY", orderType: "LIMIT", price: info.lowerCircuit, validity: "DAY", clientOrderKey: `burst-${i}` })
          .then((e) => {
            if (e.status === "Ok" && !killed) acknowledged.push(e.result[0]?.orderNo as string);
            if (acknowledged.length >= 100 && !killed) {
              killed = true;
              first.child.kill("SIGKILL");
            }
          })
          .catch(() => undefined); // calls cut off by the kill
      await Promise.all(Array.from({ length: 400 }, (_, i) => fire(i)));
      await first.exited();
      expect(acknowledged.length).toBeGreaterThanOrEqual(100);
    } finally {
      if (first.child.exitCode === null && first.child.signalCode === null) first.child.kill("SIGKILL");
    }
    const second = startProcess(burstDir);
    try {
      const call = await client(await second.url);
      const book = new Set((await call("POST", "/core/v2/orders/book")).result.map((r) => r.orderNo as string));
      // Spec (trading-core, place order): an order acknowledged with an order number exists.
      expect(acknowledged.filter((orderNo) => !book.has(orderNo))).toEqual([]);
    } finally {
      second.child.kill("SIGTERM");
      await second.exited();
      fs.rmSync(burstDir, { recursive: true, force: true });
    }
  }, 120_000);
});
