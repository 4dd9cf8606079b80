import { describe, expect, it } from "vitest";
import { keptEnd, LAST_RESORT, withLastResort } from "../../../../src/core/rules/fitColumns";
import { defaultChoice, shownColumns } from "../../../../src/core/workspace/columns";
import { GRID_COLUMNS } from "../../../../src/core/workspace/gridColumns";

// src/core/rules/fitColumns.ts: "a grid names the required columns it may still fold as a last
// resort, the first listed first; they fold after every optional one and are counted by the same
// sign. A column not listed (the instrument, an order's status) never folds."
describe("last-resort folds", () => {
  // FINDINGS-24 §9: a third-width Pending tab read "BUY GOLDM27JANFUT 1 OPEN" three times, Price
  // folded while Status (OPEN on every row there) stayed. Price tells open orders apart: it folds
  // last, after the quantity and the side; the status still never folds (a 200 px pane keeps TRIGGER PENDING).
  it("the order book folds its optional columns first, then order type, trigger, qty, side and price last; never the instrument nor the status", () => {
    const shown = withLastResort(shownColumns(defaultChoice(GRID_COLUMNS.orders)), LAST_RESORT.orders!);
    const folds = Object.fromEntries(shown.map((c) => [c.id, c.fold]));
    // Shown by default: actions, exchange, time, product optional (folds 1 to 4). Product last: it alone
    // tells an intraday order from a delivery one of the same instrument (gridColumns.ts).
    expect([folds.actions, folds.exchange, folds.time, folds.product]).toEqual([1, 2, 3, 4]);
    expect([folds.orderType, folds.trigger, folds.qty, folds.side, folds.price]).toEqual([5, 6, 7, 8, 9]);
    expect(folds.instrument).toBeUndefined();
    expect(folds.status).toBeUndefined();
  });

  it("the GTT list folds its seven optional columns first, then created, expires, LTP, qty and side; the trigger last; never the instrument nor the status", () => {
    const shown = withLastResort(shownColumns(defaultChoice(GRID_COLUMNS.gtt)), LAST_RESORT.gtt!);
    const folds = Object.fromEntries(shown.map((c) => [c.id, c.fold]));
    // Optional by default (gridColumns.ts foldByDefault): GTT id, actions, product, price, to trigger, order type, exchange.
    expect(shown.filter((c) => c.fold !== undefined && c.fold <= 7).map((c) => c.id).sort()).toEqual(["actions", "exchange", "gttId", "orderType", "price", "product", "toTrigger"]);
    expect([folds.created, folds.expires, folds.ltp, folds.qty, folds.side, folds.trigger]).toEqual([8, 9, 10, 11, 12, 13]);
    expect(folds.instrument).toBeUndefined();
    expect(folds.status).toBeUndefined();
  });

  it("a column the trader marked optional keeps its optional fold; a hidden one takes no number", () => {
    const shown = [{ id: "side" }, { id: "instrument" }, { id: "price", fold: 1 }, { id: "status" }];
    expect(withLastResort(shown, ["orderType", "price", "side"])).toEqual([{ id: "side", fold: 2 }, { id: "instrument" }, { id: "price", fold: 1 }, { id: "status" }]);
  });

  it("a grid with none folds nothing more", () => {
    const shown = shownColumns(defaultChoice(GRID_COLUMNS.watchlist));
    expect(withLastResort(shown, LAST_RESORT.watchlist ?? [])).toEqual(shown);
  });
});

// "the end, which must stay, since it is what tells a contract from its neighbours: an option's
// strike and CE or PE, a future's FUT. Any other symbol shortens at its end as text does."
describe("the end of a symbol a narrow cell keeps", () => {
  it.each([
    ["BANKNIFTY26DEC53200CE", "BANKNIFTY26DEC", "53200CE"],
    ["BANKNIFTY26DEC53200PE", "BANKNIFTY26DEC", "53200PE"],
    ["NIFTY26DEC24500.5CE", "NIFTY26DEC", "24500.5CE"],
    ["CRUDEOIL26DECFUT", "CRUDEOIL26DEC", "FUT"],
    ["INFY-EQ", "INFY-EQ", ""],
    ["PEL-EQ", "PEL-EQ", ""],
  ])("%s: %s + %s", (symbol, head, keep) => {
    expect(keptEnd(symbol)).toEqual({ head, keep });
    expect(keptEnd(symbol).head + keptEnd(symbol).keep).toBe(symbol);
  });
});
