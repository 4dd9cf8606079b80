import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Instrument } from "../../server/market/types.js";
import { startTrading, type TradingBroker } from "./tradingHarness.js";

/** The commodity info dialog reads the contract's quotation unit from contract info (issue 17, item 3). */
describe("contract info for the commodity info dialog", () => {
  let b: TradingBroker;
  beforeAll(async () => {
    b = await startTrading();
  });
  afterAll(() => b.stop());

  it("a GOLD future is quoted per 10 GRMS, 100 of them a lot; an NCDEX DHANIYA future per 1 QTL; a share has none", async () => {
    const future = (exchange: "MCXCOMM" | "NCDEXCOMM", symbol: string) =>
      b.market.instruments().find((i: Instrument) => i.exchange === exchange && i.symbol === symbol && i.insType === "FUTCOM")!;
    const info = async (i: Pick<Instrument, "exchange" | "token">) =>
      (await b.call<{ quotationUnit: string; multiplier: number }>("POST", "/core/v2/security/info", { exchange: i.exchange, token: i.token })).result[0]!;
    expect(await info(future("MCXCOMM", "GOLD"))).toMatchObject({ quotationUnit: "10 GRMS", multiplier: 100 });
    expect(await info(future("NCDEXCOMM", "DHANIYA"))).toMatchObject({ quotationUnit: "1 QTL", multiplier: 50 });
    expect((await info(b.market.bySymbol("NSEEQ", "INFY")!)).quotationUnit).toBe("");
  });
});
