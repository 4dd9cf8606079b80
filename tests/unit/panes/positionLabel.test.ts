import { describe, expect, it } from "vitest";
import { positionLabel } from "../../../src/panes/portfolio/selection";
import type { Position } from "../../../src/core/types";

/**
 * FINDINGS-26 s7: the status line said "NIFTY26DECFUT NORMAL position is no longer in Positions"
 * while the grid's Product column said NRML. A row's words name its product as every screen does
 * (core/format productLabel: the wire's NORMAL reads NRML); a BO or CO position is named by its book.
 */
const position = (product: string, type = ""): Position => ({ tradingSymbol: "NIFTY26DECFUT", product, type }) as unknown as Position;

describe("a position's words in the status line", () => {
  it("names NORMAL as the grid does, NRML", () => {
    expect(positionLabel(position("NORMAL"))).toBe("NIFTY26DECFUT NRML position");
  });
  it("names INTRADAY and a CO book as they are", () => {
    expect(positionLabel(position("INTRADAY"))).toBe("NIFTY26DECFUT INTRADAY position");
    expect(positionLabel(position("INTRADAY", "CO"))).toBe("NIFTY26DECFUT CO position");
  });
});
