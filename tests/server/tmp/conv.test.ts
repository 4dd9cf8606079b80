import { it } from "vitest";
import { startTrading } from "../tradingHarness.js";
it("conv", async () => {
  const b = await startTrading();
  const nifty = b.market.instruments().find(i => i.tradingSymbol === "NIFTY26NOVFUT")!;
  const show = async () => console.log(JSON.stringify((await b.call("POST", "/core/v2/positions")).result.filter((p: any) => p.tradingSymbol === "NIFTY26NOVFUT").map((p: any) => [p.product, p.netQuantity, p.buyPrice, p.dayBuyPrice, p.unRealizedPnl, p.cfBuyQuantity, p.dayBuyQuantity])));
  await show();
  console.log((await b.call("POST", "/core/v2/orders/", { exchange: "NSEFO", instrumentId: String(nifty.token), transactionType: "BUY", quantity: 75, product: "NORMAL", orderType: "MARKET", validity: "DAY" })).status);
  await show();
  console.log(JSON.stringify(await b.call("PUT", "/core/v2/positions", { exchange: "NSEFO", instrumentId: String(nifty.token), transactionType: "BUY", quantity: 75, oldProduct: "NORMAL", newProduct: "INTRADAY" })));
  await show();
  await b.stop();
}, 60000);
