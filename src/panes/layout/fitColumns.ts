import { useCallback } from "react";
import { foldSign } from "../../core/workspace/columns";

/**
 * Grids that fit their pane, one mechanism for every grid: columns size to their content, and the
 * grid hides columns one step at a time while it is wider than its pane. Every change of size
 * (the pane's or the grid's own, when its rows change) fits it again from every column shown, so a
 * column folded away comes back as soon as there is room for it (issue 29: never "only tighten").
 * When nothing more may fold, the pane scrolls sideways (.pane-body overflows auto). The CSS that
 * hides the cells is in src/app/styles.css (.fit).
 *
 * Two ways to say what may fold:
 * - a grid with a column chooser (src/core/workspace/columns.ts: the order book, trades, positions,
 *   holdings, GTTs, the watchlist and Discover's market grids) sets `data-folds` to the number of
 *   columns the trader marked optional; those cells carry `data-fold` (1 folds first) and the grid's
 *   `data-folded` lists the folds hidden. Nothing else ever folds. While any is folded the grid's
 *   sign (`data-fold-sign`, in its header) says how many, its title naming them: nothing vanishes
 *   silently. The sign is written here, before the next measure, so the room it takes is counted.
 *   A grid may also fold some required columns after every optional one, as a last resort
 *   (src/core/rules/fitColumns.ts: the order book's): they carry the next folds.
 *   A grid without a chooser folds the same way (`data-no-chooser`: baskets, depth, time and sales).
 * - the other grids (the chain, ideas, alerts, SIPs) mark cells `data-priority`
 *   (1 always shown, up to 5 hidden first) and `data-fit` says which priorities are shown. Their
 *   sign (`data-fold-sign`) says the same as the folding grids' ("+N cols", the hidden columns
 *   named): a column hidden by priority does not vanish silently either. The chain draws its own
 *   (src/panes/chain/chainFit.ts), in its bar.
 *
 * Either way, a grid still wider than its pane once nothing more may go is marked `data-squeezed`:
 * its own CSS then lets the cells that can give way (a status of two words wraps, a symbol keeps
 * its strike and CE/PE and shortens its head, the depth's padding narrows) rather than have the
 * pane cut a column at its edge. It is cleared before every fit, so the fit measures the grid whole.
 */
export const ALL_PRIORITIES = 5;

/** Whether a grid is wider than the room it has: a table against its container, a div grid against itself. */
export type Overflows = (grid: HTMLElement) => boolean;

const tableOverflows: Overflows = (grid) => {
  const room = grid.parentElement?.clientWidth ?? Infinity;
  return grid.scrollWidth > room + 1;
};

/** "1 2 3": the folds hidden when `n` columns are folded away. */
const foldedList = (n: number): string => Array.from({ length: n }, (_, i) => String(i + 1)).join(" ");

/**
 * The grid's sign for `n` columns folded: "+2 cols", titled with the folded columns' names in the
 * grid's order (their header cells carry `data-label`); emptied (and so hidden, :empty) for none.
 */
function signFolded(grid: HTMLElement, n: number, short = false): void {
  const sign = grid.querySelector<HTMLElement>("[data-fold-sign]");
  if (!sign) return;
  const names = Array.from(grid.querySelectorAll<HTMLElement>("[data-label][data-fold]"))
    .filter((h) => Number(h.dataset.fold) <= n)
    .map((h) => h.dataset.label!);
  // `data-no-chooser`: a grid that folds without a column chooser (baskets) does not point to one.
  const said = foldSign(names, short, grid.dataset.noChooser === undefined);
  sign.textContent = said?.text ?? "";
  if (said) sign.title = said.title;
  else sign.removeAttribute("title");
}

/** Shows every column it may, then folds (or hides by priority) one step at a time until the grid fits or nothing more may go. */
export function fitGrid(grid: HTMLElement, overflows: Overflows = tableOverflows): void {
  delete grid.dataset.squeezed;
  foldOrHide(grid, overflows);
  if (overflows(grid)) grid.dataset.squeezed = "";
}

function foldOrHide(grid: HTMLElement, overflows: Overflows): void {
  if (grid.dataset.folds !== undefined) {
    const folds = Number(grid.dataset.folds);
    let n = 0;
    grid.dataset.folded = "";
    signFolded(grid, 0);
    while (n < folds && overflows(grid)) {
      // A column is worth more than the sign's words: "+3" in place of "+3 cols" before one more folds.
      if (n > 0) {
        signFolded(grid, n, true);
        if (!overflows(grid)) return;
      }
      n += 1;
      grid.dataset.folded = foldedList(n);
      signFolded(grid, n);
    }
    // All that may fold has folded and the required columns still fill the pane: the sign gives up its words, not its place.
    if (n > 0 && overflows(grid)) signFolded(grid, n, true);
    return;
  }
  // From the grid's own lowest priority: a level that hides nothing of it is not measured (most grids use 1 to 4, the chain 1 to 5).
  let level = ALL_PRIORITIES;
  while (level > 1 && grid.querySelector(`[data-priority="${level}"]`) === null) level -= 1;
  const top = level;
  grid.dataset.fit = String(level);
  signHidden(grid, level);
  while (level > 1 && overflows(grid)) {
    // As the folds do: "+3" in place of "+3 cols" before one more priority goes (measured only where there is a sign to shorten).
    if (level < top && signHidden(grid, level, true) && !overflows(grid)) return;
    level -= 1;
    grid.dataset.fit = String(level);
    signHidden(grid, level);
  }
  // All that may go has gone and the rest still fills the pane: the sign gives up its words, not its place.
  if (level < top && grid.querySelector("[data-fold-sign]") !== null && overflows(grid)) signHidden(grid, level, true);
}

/**
 * A priority grid's sign (ideas, alerts, SIPs), as the folding grids': "+N cols" for the header
 * cells hidden at `level`, titled with their names (`data-label`, else the header's words). These
 * grids have no column chooser, so the title points only to a wider pane. Returns whether it says anything.
 */
function signHidden(grid: HTMLElement, level: number, short = false): boolean {
  const sign = grid.querySelector<HTMLElement>("[data-fold-sign]");
  if (!sign) return false;
  const names = Array.from(grid.querySelectorAll<HTMLElement>("thead [data-priority]"))
    .filter((h) => Number(h.dataset.priority) > level)
    .map((h) => h.dataset.label ?? h.textContent?.trim() ?? "");
  const said = foldSign(names, short, false);
  sign.textContent = said?.text ?? "";
  if (said) sign.title = said.title;
  else sign.removeAttribute("title");
  return said !== undefined;
}

/**
 * Keeps a grid fitted: fits it now and again whenever its pane or the grid itself changes size, or
 * the trader's choice of columns changes. Fitting from everything shown settles on the same answer
 * for the same sizes, so the observers do not go round in circles. Returns the disconnect.
 */
export function keepFitted(grid: HTMLElement, overflows: Overflows = tableOverflows): () => void {
  const container = grid.parentElement;
  fitGrid(grid, overflows);
  const sizes = new ResizeObserver(() => fitGrid(grid, overflows));
  if (container) sizes.observe(container);
  sizes.observe(grid);
  // Marking a column optional changes data-folds without a change of size; so does a width set in
  // the grid's style (the watchlist's symbol, as wide as its longest) when the grid fills its pane.
  const choice = new MutationObserver(() => fitGrid(grid, overflows));
  choice.observe(grid, { attributes: true, attributeFilter: ["data-folds", "data-columns", "style"] });
  return () => {
    sizes.disconnect();
    choice.disconnect();
  };
}

/** A ref for a grid element (its className should include "fit"): keepFitted while it is mounted. */
export function useFitColumns<T extends HTMLElement>(overflows: Overflows = tableOverflows): (grid: T | null) => (() => void) | undefined {
  return useCallback((grid: T | null) => (grid ? keepFitted(grid, overflows) : undefined), [overflows]);
}
