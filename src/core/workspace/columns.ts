/**
 * A grid's columns as the trader chose them (issue 29, "Columns never vanish silently"): which are
 * shown, in what order, and which the grid may fold away when its pane is too narrow. Pure, so the
 * choice is unit-tested and saved with the pane (PaneState.columns) as plain JSON.
 */

/** One column a grid can show. */
export interface ColumnSpec {
  id: string;
  /** Its header, in the spec's words. */
  label: string;
  /** The header's name in words, when the label abbreviates it ("Exc": "Exchange"). */
  title?: string;
  /** Always shown, never folded: the row's identity (the instrument), and a watchlist's LTP. */
  fixed?: boolean;
  /** Not shown until the trader asks for it. */
  hiddenByDefault?: boolean;
  /** Optional until the trader says otherwise: folded away when the pane is narrow, 1 first. */
  foldByDefault?: number;
}

/**
 * The trader's choice for one grid: every column in order, the ids hidden, and the ids optional in
 * the order they fold (the first folds first).
 */
export interface ColumnChoice {
  order: string[];
  hidden: string[];
  optional: string[];
}

/** A shown column; `fold` numbers the optional ones, 1 folding first. */
export interface ShownColumn {
  id: string;
  fold?: number;
}

export function defaultChoice(specs: readonly ColumnSpec[]): ColumnChoice {
  return {
    order: specs.map((s) => s.id),
    hidden: specs.filter((s) => s.hiddenByDefault && !s.fixed).map((s) => s.id),
    optional: specs
      .filter((s) => s.foldByDefault !== undefined && !s.fixed)
      .sort((a, b) => a.foldByDefault! - b.foldByDefault!)
      .map((s) => s.id),
  };
}

/**
 * A saved choice made whole against today's columns: ids no longer known are dropped, a column
 * added since is placed where the default puts it (after its default left neighbour) with its
 * default flags, and a fixed column is never hidden nor optional.
 */
export function settleChoice(specs: readonly ColumnSpec[], saved: ColumnChoice | undefined): ColumnChoice {
  const base = defaultChoice(specs);
  if (!saved) return base;
  const known = new Set(base.order);
  const fixed = new Set(specs.filter((s) => s.fixed).map((s) => s.id));
  const seen = new Set(saved.order.filter((id) => known.has(id)));
  const order = [...seen];
  base.order.forEach((id, i) => {
    if (seen.has(id)) return;
    const after = base.order.slice(0, i).reverse().find((left) => order.includes(left));
    order.splice(after === undefined ? 0 : order.indexOf(after) + 1, 0, id);
  });
  const fresh = (id: string) => !seen.has(id);
  const usable = (id: string) => known.has(id) && !fixed.has(id);
  // Hidden follows the order; optional keeps its folding order, a column added since folding last.
  const hidden = order.filter((id) => usable(id) && (saved.hidden.includes(id) || (fresh(id) && base.hidden.includes(id))));
  const optional = [...new Set(saved.optional)].filter((id) => usable(id) && seen.has(id)).concat(base.optional.filter((id) => fresh(id) && usable(id)));
  return { order, hidden, optional };
}

/** The columns to draw, in the trader's order; the optional ones numbered in their folding order among those shown (1 folds first). */
export function shownColumns(choice: ColumnChoice): ShownColumn[] {
  const shown = choice.order.filter((id) => !choice.hidden.includes(id));
  const optional = choice.optional.filter((id) => shown.includes(id));
  return shown.map((id) => (optional.includes(id) ? { id, fold: optional.indexOf(id) + 1 } : { id }));
}

const isFixed = (specs: readonly ColumnSpec[], id: string) => specs.some((s) => s.id === id && s.fixed);

/** Shows a hidden column or hides a shown one; the fixed column stays. */
export function toggleShown(specs: readonly ColumnSpec[], choice: ColumnChoice, id: string): ColumnChoice {
  if (isFixed(specs, id) || !choice.order.includes(id)) return choice;
  return { ...choice, hidden: choice.hidden.includes(id) ? choice.hidden.filter((x) => x !== id) : choice.order.filter((x) => x === id || choice.hidden.includes(x)) };
}

/**
 * Marks a column optional or required (never folded). A column just marked optional folds first:
 * the trader has just said it matters least.
 */
export function toggleOptional(specs: readonly ColumnSpec[], choice: ColumnChoice, id: string): ColumnChoice {
  if (isFixed(specs, id) || !choice.order.includes(id)) return choice;
  return { ...choice, optional: choice.optional.includes(id) ? choice.optional.filter((x) => x !== id) : [id, ...choice.optional] };
}

/** Moves a column one place left (-1) or right (+1); at an end it stays. */
export function moveColumn(choice: ColumnChoice, id: string, by: -1 | 1): ColumnChoice {
  const at = choice.order.indexOf(id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= choice.order.length) return choice;
  const order = [...choice.order];
  [order[at], order[to]] = [order[to]!, order[at]!];
  // Hidden follows the order; the folding order is the trader's own and does not move with it.
  return { ...choice, order, hidden: order.filter((x) => choice.hidden.includes(x)) };
}

/**
 * The sign a grid shows in its header while columns are folded (issue 29: nothing vanishes
 * silently): "+2 cols", its title naming them. None when nothing is folded.
 */
export function foldSign(folded: readonly string[], short = false, chooser = true): { text: string; title: string } | undefined {
  if (folded.length === 0) return undefined;
  const n = folded.length;
  // The chooser is named only where the grid has one (the baskets' grid folds but has none).
  const choose = chooser ? ", or choose the columns (Columns…)" : "";
  // Short ("+3") where even the required columns leave no room for the words: the title still names them.
  return { text: short ? `+${n}` : `+${n} col${n === 1 ? "" : "s"}`, title: `Folded to fit the pane: ${folded.join(", ")}. Widen the pane to see ${n === 1 ? "it" : "them"}${choose}.` };
}

/** A saved choice is trusted only if it has the right shape. */
export function isColumnChoice(x: unknown): x is ColumnChoice {
  if (!x || typeof x !== "object") return false;
  const c = x as ColumnChoice;
  const ids = (l: unknown) => Array.isArray(l) && l.every((i) => typeof i === "string");
  return ids(c.order) && ids(c.hidden) && ids(c.optional);
}
