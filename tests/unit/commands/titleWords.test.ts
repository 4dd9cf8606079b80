import { describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";

/**
 * "No raw API field name on screen": every command's title is shown (the palette, the keys list),
 * so none carries a field's name. A field's name is a word written as code writes it: camelCase
 * ("stickOw", "isShowNotifications"), snake_case ("order_no") or dotted ("orders.refresh"). The
 * palette showed "Toggle keep order window open (stickOw)".
 */
const FIELD_LIKE = [
  { kind: "camelCase", re: /\b[a-z]+[A-Z]\w*\b/ },
  { kind: "snake_case", re: /\b[A-Za-z0-9]+_[A-Za-z0-9_]+\b/ },
  { kind: "dotted", re: /\b[a-z]+\.[a-z]+\b/ },
];

/** The field-like words of a title, each with its kind. */
function fieldWords(title: string): string[] {
  return FIELD_LIKE.flatMap(({ kind, re }) => {
    const m = new RegExp(re.source, "g");
    return [...title.matchAll(m)].map((x) => `${kind}: ${x[0]}`);
  });
}

describe("command titles are in the spec's words", () => {
  it("the check finds a field's name in each way it is written, and passes a trader's words", () => {
    expect(fieldWords("Toggle keep order window open (stickOw)")).toEqual(["camelCase: stickOw"]);
    expect(fieldWords("Show isShowNotifications")).toEqual(["camelCase: isShowNotifications"]);
    expect(fieldWords("Copy order_no")).toEqual(["snake_case: order_no"]);
    expect(fieldWords("Send orders.refresh")).toEqual(["dotted: orders.refresh"]);
    // Names a trader reads are not fields: exchange and index names, units, tickers.
    expect(fieldWords("Buy NIFTY ATM CE on NSEFO at ₹24,500.00 (P&L, GTT, BO/CO)")).toEqual([]);
  });

  it("no command's title, shown or hidden, has a field's name in it", () => {
    const found = registry
      .all()
      .map((c) => ({ id: c.id, words: fieldWords(c.title) }))
      .filter((c) => c.words.length > 0)
      .map((c) => `${c.id}: ${c.words.join(", ")}`);
    expect(found).toEqual([]);
  });
});
