import { describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import { instrumentOfSelection } from "../../../src/commands/defs/chart";
import { defaultKeymap } from "../../../src/commands/keymap";
import type { Selection } from "../../../src/commands/types";
import { commandContext } from "./context";
import type { Order } from "../../../src/core/types/order";
import { orders$ } from "../../../src/data/stores/orders";

const ctx = (selection: Selection | undefined, focusedView = "watchlist") => commandContext(focusedView, { paneCount: 2, selection });

// DESIGN.md section 3: "`c` chart"; issue 15: "`c` on any selected row (watchlist, positions, holdings, orders, chain)".
describe("chart commands", () => {
  it("c names the instrument of a watchlist row, a position, a holding and an order", () => {
    expect(instrumentOfSelection(ctx({ kind: "instrument", exchange: "NSEEQ", token: 1594, symbol: "INFY-EQ" }))).toEqual({ exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY-EQ" });
    expect(instrumentOfSelection(ctx({ kind: "position", exchange: "NSEFO", token: 35001, symbol: "NIFTY26NOVFUT", product: "NORMAL" }, "position"))).toEqual({ exchange: "NSEFO", token: 35001, tradingSymbol: "NIFTY26NOVFUT" });
    expect(instrumentOfSelection(ctx({ kind: "holding", exchange: "BSEEQ", token: 500209, symbol: "INFY" }, "holdings"))).toEqual({ exchange: "BSEEQ", token: 500209, tradingSymbol: "INFY" });
    orders$.orders.set([{ orderNo: "N1", exchange: "NSEEQ", instrumentId: "2885", tradingSymbol: "RELIANCE-EQ" } as Order]);
    expect(instrumentOfSelection(ctx({ kind: "order", orderNo: "N1", status: "OPEN" }, "orders"))).toEqual({ exchange: "NSEEQ", token: 2885, tradingSymbol: "RELIANCE-EQ" });
  });

  it("c is not offered on a row that names no instrument (a GTT, a basket) or with nothing selected", () => {
    const ids = (s: Selection | undefined) => registry.available(ctx(s)).map((c) => c.id);
    expect(ids({ kind: "gtt", gttId: "g1" })).not.toContain("chart.open");
    expect(ids({ kind: "basket", basketId: 1 })).not.toContain("chart.open");
    expect(ids(undefined)).not.toContain("chart.open");
    expect(ids({ kind: "instrument", exchange: "NSEEQ", token: 1594, symbol: "INFY-EQ" })).toContain("chart.open");
  });

  it("keys: c opens, 1 to 5 switch the interval in a chart only, Alt+P pops out", () => {
    const keys = defaultKeymap(registry.all());
    expect(keys["chart.open"]).toEqual(["c"]);
    expect(keys["chart.interval.1m"]).toEqual(["1"]);
    expect(keys["chart.interval.1d"]).toEqual(["5"]);
    expect(keys["chart.popout"]).toEqual(["alt+p"]);
    expect(registry.available(ctx(undefined, "watchlist")).map((c) => c.id)).not.toContain("chart.interval.5m");
    expect(registry.available(ctx(undefined, "chart")).map((c) => c.id)).toContain("chart.interval.5m");
  });
});
