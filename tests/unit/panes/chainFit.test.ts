import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BUILD_UP_COLUMN } from "../../../src/panes/chain/buildUp";
import { chainFoldSign, fitChain } from "../../../src/panes/chain/chainFit";
import { SIDE_COLUMNS } from "../../../src/panes/chain/columns";

/**
 * The option chain in narrow panes (an exploratory run: the puts' LTP cut to "170", the strikes to
 * "24,50", the puts gone with no sign). Whole columns fold, the same on both sides; then the three
 * left close up; then the side without the cursor folds; and the bar's sign says what is folded.
 */

/**
 * A chain of SIDE_COLUMNS' priorities in a pane of `room` px, widths in px as chain.css gives them at
 * 7.225 px a character (rounded): LTP 72, IV 43, every other column 58; the strike 123 (17ch), 72 at
 * data-fit 1; closed up (data-tight) an LTP 62 and the strike 53; 2 px of borders.
 */
function fakeChain(room: number) {
  const dataset: Record<string, string> = {};
  const level = () => Number(dataset.fit ?? 5);
  const width = () => {
    const tight = dataset.tight !== undefined;
    const side = SIDE_COLUMNS.filter((c) => c.priority <= level()).reduce((n, c) => n + (c.field === "ltp" ? (tight ? 62 : 72) : c.field === "iv" ? 43 : 58), 0);
    const strike = tight ? 53 : level() === 1 ? 72 : 123;
    const oneSide = dataset.oneSide !== undefined;
    // Squeezed one side (chain.css): the LTP 60, the strike 47; strike only: no LTP at all.
    if (dataset.strikeOnly !== undefined) return strike + 2;
    if (oneSide && dataset.squeezed !== undefined) return 60 + 47 + 2;
    return (oneSide ? side : side * 2) + strike + 2;
  };
  const grid = {
    dataset,
    parentElement: { clientWidth: room },
    get scrollWidth() {
      return Math.max(width(), room);
    },
    // The table is at least as wide as its pane (min-width: 100%).
    getBoundingClientRect: () => ({ width: Math.max(width(), room) }),
    querySelector: (q: string) => (/data-priority="[1-5]"/.test(q) ? {} : null),
  } as unknown as HTMLElement;
  return { grid, width };
}

beforeEach(() => vi.stubGlobal("ResizeObserver", class { observe() {} disconnect() {} }));
afterEach(() => vi.unstubAllGlobals());

describe("fitting the option chain", () => {
  it.each([
    // 2 × (72 + 43) + 123 + 2 = 355: LTP and IV a side.
    [380, { level: 2, oneSide: false }, { tight: false, squeezed: false }],
    // 2 × 72 + 72 + 2 = 218 fits 250: each side's LTP, as they were.
    [250, { level: 1, oneSide: false }, { tight: false, squeezed: false }],
    // 1280 × 800, the chain split (187 px): 218 does not fit; closed up 2 × 62 + 53 + 2 = 179 does, both sides still.
    [187, { level: 1, oneSide: false }, { tight: true, squeezed: false }],
    // 1680 × 1000 split twice (122 px): 179 does not fit; one side, 62 + 53 + 2 = 117, does.
    [122, { level: 1, oneSide: true }, { tight: true, squeezed: false }],
    // Squeezed, one side is 60 + 47 + 2 = 109: it fits 110, the cells closed up.
    [110, { level: 1, oneSide: true }, { tight: true, squeezed: true }],
    // "A figure a trader reads is shown whole or not at all": 109 does not fit 93 (the explorer's chain), so the LTP folds too, the strike alone 53 + 2 = 55.
    [93, { level: 1, oneSide: true, strikeOnly: true }, { tight: true, squeezed: false }],
    // Not even the strike (55) fits 50: words in place of the rows.
    [50, { level: 1, oneSide: true, strikeOnly: true, tooNarrow: true }, { tight: true, squeezed: false }],
  ])("in %i px: %o", (room, fit, marks) => {
    const c = fakeChain(room);
    expect(fitChain(c.grid)).toEqual({ strikeOnly: false, tooNarrow: false, ...fit });
    expect({ tight: c.grid.dataset.tight !== undefined, squeezed: c.grid.dataset.squeezed !== undefined }).toEqual(marks);
  });

  it("a fraction of a pixel past the +1 px allowance counts: BOSCHLTD's one side, 122.36 px in a 121 px pane, is squeezed", () => {
    // scrollWidth is a whole number (122, within 121 + 1); the box's width is not (122.36 > 122): its strike ran 1.4 px past the edge.
    const dataset: Record<string, string> = {};
    const grid = {
      dataset,
      parentElement: { clientWidth: 121 },
      scrollWidth: 122,
      // Squeezed, the one side gives up 8 px of padding (chain.css) and fits.
      getBoundingClientRect: () => ({ width: dataset.squeezed === undefined ? 122.36 : 114.36 }),
      querySelector: (q: string) => (/data-priority="[1-5]"/.test(q) ? {} : null),
    } as unknown as HTMLElement;
    expect(fitChain(grid)).toEqual({ level: 1, oneSide: true, strikeOnly: false, tooNarrow: false });
    expect(dataset.squeezed).toBe("");
  });

  it("fits again from everything shown: a pane that widens gets both sides and every column back", () => {
    const c = fakeChain(122);
    fitChain(c.grid);
    expect(c.grid.dataset.oneSide).toBe("");
    (c.grid.parentElement as unknown as { clientWidth: number }).clientWidth = 2000;
    expect(fitChain(c.grid)).toEqual({ level: 5, oneSide: false, strikeOnly: false, tooNarrow: false });
    expect([c.grid.dataset.tight, c.grid.dataset.oneSide, c.grid.dataset.squeezed]).toEqual([undefined, undefined, undefined]);
  });
});

describe("the chain's fold sign", () => {
  it("says nothing with every column shown", () => {
    expect(chainFoldSign(SIDE_COLUMNS, { level: 5, oneSide: false, strikeOnly: false, tooNarrow: false }, "CE")).toBeUndefined();
  });

  it("counts both sides' folded columns and names them: at priority 2, 10 a side (all but LTP and IV)", () => {
    expect(chainFoldSign(SIDE_COLUMNS, { level: 2, oneSide: false, strikeOnly: false, tooNarrow: false }, "CE")).toEqual({
      text: "+20 cols",
      title: "Folded to fit the pane: Chg, Bid, Ask, Delta, Gamma, Theta, Vega, Volume, OI, OI Chg on both sides. Widen the pane to see them (Alt+M maximises it).",
    });
    // The Greeks only (priority 5): 3 a side.
    expect(chainFoldSign(SIDE_COLUMNS, { level: 4, oneSide: false, strikeOnly: false, tooNarrow: false }, "PE")?.text).toBe("+6 cols");
    // Build-up shown (priority 3) is folded with the others: 11 a side at priority 2.
    expect(chainFoldSign([...SIDE_COLUMNS, BUILD_UP_COLUMN], { level: 2, oneSide: false, strikeOnly: false, tooNarrow: false }, "CE")?.text).toBe("+22 cols");
  });

  it("names the side folded and the key that shows it: 11 a side and the other side's LTP, 23", () => {
    expect(chainFoldSign(SIDE_COLUMNS, { level: 1, oneSide: true, strikeOnly: false, tooNarrow: false }, "CE")).toEqual({
      text: "+23 cols, puts folded (→)",
      title: "Folded to fit the pane: Chg, Bid, Ask, IV, Delta, Gamma, Theta, Vega, Volume, OI, OI Chg on both sides; the puts (→ shows them). Widen the pane to see them (Alt+M maximises it).",
    });
    expect(chainFoldSign(SIDE_COLUMNS, { level: 1, oneSide: true, strikeOnly: false, tooNarrow: false }, "PE")?.text).toBe("+23 cols, calls folded (←)");
  });

  it("the strike alone: both sides' LTPs folded too, 11 a side and the two LTPs, 24, and no key shows them", () => {
    expect(chainFoldSign(SIDE_COLUMNS, { level: 1, oneSide: true, strikeOnly: true, tooNarrow: false }, "CE")?.text).toBe("+24 cols, calls and puts folded");
  });
});
