import { describe, expect, it } from "vitest";
import { buildMaster } from "../../../server/market/instruments/master";
import { buildInstrumentIndex, normalizeQuery } from "../../../src/core/search/instrumentIndex";
import type { SearchScrip } from "../../../src/core/search/scrip";

/** Issue 18, search: ranking and matching over the broker's whole master. */
const master = buildMaster("2026-11-23", new Date("2026-11-23T04:30:00Z"));
const index = buildInstrumentIndex(master.all);
const symbolsOf = (q: string, limit = 5) => index.search(q, { limit }).items.map((s) => `${s.exchange}:${s.tradingSymbol}`);

describe("the master", () => {
  it("keeps unique tokens per exchange", () => {
    const seen = new Set(master.all.map((i) => `${i.exchange}:${i.token}`));
    expect(seen.size).toBe(master.all.length);
  });
});

describe("search over the whole master", () => {
  it("a bare symbol: the NSE share, then the BSE share, then the near future", () => {
    expect(symbolsOf("INFY", 3)).toEqual(["NSEEQ:INFY-EQ", "BSEEQ:INFY", "NSEFO:INFY26NOVFUT"]);
    expect(symbolsOf("sbin", 2)).toEqual(["NSEEQ:SBIN-EQ", "BSEEQ:SBIN"]);
  });

  it("`infy fut` and `infyfut`: the near month first (24 Nov, then 29 Dec, then 26 Jan)", () => {
    expect(symbolsOf("infy fut", 3)).toEqual(["NSEFO:INFY26NOVFUT", "NSEFO:INFY26DECFUT", "NSEFO:INFY27JANFUT"]);
    expect(symbolsOf("infyfut", 3)).toEqual(["NSEFO:INFY26NOVFUT", "NSEFO:INFY26DECFUT", "NSEFO:INFY27JANFUT"]);
  });

  it("finds exactly the contracts whose words each query word starts (checked against a plain scan)", () => {
    // The plain rule of the index (instrumentIndex.ts): every query word is a prefix of one of the
    // contract's words: symbol, trading symbol, company and description words, expiry forms, strike, CE/PE/FUT.
    const months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
    const wordsOf = (s: SearchScrip): string[] => {
      const w = [s.symbol.toLowerCase(), s.tradingSymbol.toLowerCase(), ...normalizeQuery(s.companyName.replace(/[.,()]/g, " ")), ...normalizeQuery(s.formattedInsName.replace(/[.,()]/g, " "))];
      if (s.expiry) {
        const [y = "", m = "1", d = ""] = s.expiry.split("-");
        const mon = months[Number(m) - 1] ?? "";
        w.push(`${y.slice(2)}${mon}`, `${d}${mon}`, mon, y);
      }
      if (s.strikePrice > 0) w.push(String(s.strikePrice));
      if (s.optionType) w.push(s.optionType.toLowerCase());
      if (s.insType.startsWith("FUT")) w.push("fut");
      return w;
    };
    const scan = (q: string) => {
      const qw = normalizeQuery(q);
      return master.all.filter((s) => {
        const w = wordsOf(s);
        return qw.every((x) => w.some((y) => y.startsWith(x)));
      }).length;
    };
    for (const q of ["infy 24nov 1500 pe", "nifty 2", "reliance dec", "usdinr 26dec", "gold", "tata steel", "banknifty fut", "hdfc bank ce 1"]) {
      expect(index.search(q, { limit: 1 }).total, q).toBe(scan(q));
    }
  });
});
