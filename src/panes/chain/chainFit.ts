import { useCallback } from "react";
import type { ChainSide } from "../../data/stores/optionChain";
import { fitGrid } from "../layout/fitColumns";
import type { SideColumn } from "./columns";

/**
 * The option chain's fit (an exploratory run found the puts' LTP cut to "170" and the strikes to
 * "24,50" in narrow panes, the puts gone with no sign). First the grid's own priorities fold whole
 * columns, the same on both sides (fitColumns.ts), down to each side's LTP either side of the strike.
 * Where those three are still wider than the pane the chain goes on, a step at a time:
 * - `data-tight`: the three close up (less padding, the strike as wide as its widest figure), still both sides;
 * - `data-one-side`: the side the cursor is not on folds (← and → choose, chain.css hides by `data-focus-side`);
 * - `data-squeezed` (fitGrid's mark): the one side and the strike give up their padding (chain.css);
 * - `data-strike-only`: the LTP left of (or right of) the strike folds too, the strike alone is shown;
 * - `data-too-narrow`: not even the strike fits; the chain says so in words (ChainView) in place of its rows.
 * A figure a trader reads is shown whole or not at all: a strike is never cut at the pane's edge (an
 * exploratory run's 93 px chain read "24,5" for 24,500 and 24,550 alike).
 * Every size change fits again from everything shown, as fitGrid does.
 */
export interface ChainFit {
  /** The lowest priority shown (data-fit: 1 each side's LTP only, 5 every column). */
  level: number;
  /** Only the cursor's side is shown. */
  oneSide: boolean;
  /** Neither side's LTP is shown, only the strikes. */
  strikeOnly: boolean;
  /** Not even the strike fits: the chain shows words, not cut figures. */
  tooNarrow: boolean;
}

// Its width to the fraction of a pixel as well as its scrollWidth (a whole number): BOSCHLTD's one side, 122.36 px in a 121 px
// pane, read 122 and fitted, and its strike ran 1.4 px past the pane's edge.
const overflows = (grid: HTMLElement): boolean => Math.max(grid.scrollWidth, grid.getBoundingClientRect().width) > (grid.parentElement?.clientWidth ?? Infinity) + 1;

export function fitChain(grid: HTMLElement): ChainFit {
  delete grid.dataset.tight;
  delete grid.dataset.oneSide;
  delete grid.dataset.strikeOnly;
  delete grid.dataset.tooNarrow;
  fitGrid(grid, overflows);
  for (const step of ["tight", "oneSide"] as const) {
    if (grid.dataset.squeezed === undefined) break;
    delete grid.dataset.squeezed;
    grid.dataset[step] = "";
    if (overflows(grid)) grid.dataset.squeezed = "";
  }
  // Squeezed, one side may still fit (chain.css takes its padding); measured so, and past it the LTP folds, then the strike gives way to words.
  if (grid.dataset.squeezed !== undefined && overflows(grid)) {
    delete grid.dataset.squeezed;
    grid.dataset.strikeOnly = "";
    if (overflows(grid)) grid.dataset.tooNarrow = "";
  }
  const marked = (step: string) => grid.dataset[step] !== undefined;
  return { level: Number(grid.dataset.fit), oneSide: marked("oneSide"), strikeOnly: marked("strikeOnly"), tooNarrow: marked("tooNarrow") };
}

/**
 * The chain's sign for what is folded, as other grids' "+N cols" (fitColumns.ts): every column not
 * shown, both sides counted, and the side folded named with the key that shows it; undefined for none.
 */
export function chainFoldSign(columns: readonly SideColumn[], fit: ChainFit, side: ChainSide): { text: string; title: string } | undefined {
  const folded = columns.filter((c) => c.priority > fit.level).map((c) => c.title);
  const n = folded.length * 2 + (fit.strikeOnly ? 2 : fit.oneSide ? 1 : 0);
  if (n === 0) return undefined;
  // Only the strikes (or not even they): both sides' LTPs are folded, and no key shows them; a wider pane does.
  if (fit.strikeOnly)
    return {
      text: `+${n} cols, calls and puts folded`,
      title: `Folded to fit the pane: ${folded.length > 0 ? `${folded.join(", ")} and ` : ""}the calls' and puts' LTP. Widen the pane to see them (Alt+M maximises it).`,
    };
  const away = side === "CE" ? { words: "puts", key: "→" } : { words: "calls", key: "←" };
  const sides = fit.oneSide ? `, ${away.words} folded (${away.key})` : "";
  const title = [
    `Folded to fit the pane: ${folded.length > 0 ? `${folded.join(", ")} on both sides` : ""}`,
    fit.oneSide ? `${folded.length > 0 ? "; " : ""}the ${away.words} (${away.key} shows them)` : "",
    ". Widen the pane to see them (Alt+M maximises it).",
  ].join("");
  return { text: `+${n} col${n === 1 ? "" : "s"}${sides}`, title };
}

/** A ref for the chain's table: fitted while mounted, again on any change of its pane's or its own size; `onFit` hears each answer. */
export function useChainFit(onFit: (fit: ChainFit) => void): (grid: HTMLElement | null) => (() => void) | undefined {
  return useCallback(
    (grid: HTMLElement | null) => {
      if (!grid) return undefined;
      const fit = () => onFit(fitChain(grid));
      fit();
      const sizes = new ResizeObserver(fit);
      if (grid.parentElement) sizes.observe(grid.parentElement);
      sizes.observe(grid);
      return () => sizes.disconnect();
    },
    [onFit],
  );
}
