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
  /** The row's identity (the instrument): always shown, never folded. */
  fixed?: boolean;
  /** Not shown until the trader asks for it. */
  hiddenByDefault?: boolean;
  /** Folded away first when the pane is narrow, until the trader says otherwise. */
  optionalByDefault?: boolean;
}

/** The trader's choice for one grid: every column in order, and the ids hidden and the ids optional. */
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
    optional: specs.filter((s) => s.optionalByDefault && !s.fixed).map((s) => s.id),
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
  const keep = (list: readonly string[], defaults: readonly string[]) =>
    order.filter((id) => !fixed.has(id) && (list.includes(id) || (fresh(id) && defaults.includes(id))));
  return { order, hidden: keep(saved.hidden, base.hidden), optional: keep(saved.optional, base.optional) };
}

/**
 * The columns to draw, in the trader's order. The optional ones fold from the right: the last
 * optional column in the order folds first (fold 1), so the trader sets the folding order by
 * ordering the columns, with no second list to keep.
 */
export function shownColumns(choice: ColumnChoice): ShownColumn[] {
  const shown = choice.order.filter((id) => !choice.hidden.includes(id));
  const optional = shown.filter((id) => choice.optional.includes(id));
  return shown.map((id) => (optional.includes(id) ? { id, fold: optional.length - optional.indexOf(id) } : { id }));
}

const isFixed = (specs: readonly ColumnSpec[], id: string) => specs.some((s) => s.id === id && s.fixed);

/** Shows a hidden column or hides a shown one; the fixed column stays. */
export function toggleShown(specs: readonly ColumnSpec[], choice: ColumnChoice, id: string): ColumnChoice {
  if (isFixed(specs, id) || !choice.order.includes(id)) return choice;
  return { ...choice, hidden: choice.hidden.includes(id) ? choice.hidden.filter((x) => x !== id) : choice.order.filter((x) => x === id || choice.hidden.includes(x)) };
}

/** Marks a column optional (the grid may fold it away) or required (never folded). */
export function toggleOptional(specs: readonly ColumnSpec[], choice: ColumnChoice, id: string): ColumnChoice {
  if (isFixed(specs, id) || !choice.order.includes(id)) return choice;
  return { ...choice, optional: choice.optional.includes(id) ? choice.optional.filter((x) => x !== id) : choice.order.filter((x) => x === id || choice.optional.includes(x)) };
}

/** Moves a column one place left (-1) or right (+1); at an end it stays. */
export function moveColumn(choice: ColumnChoice, id: string, by: -1 | 1): ColumnChoice {
  const at = choice.order.indexOf(id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= choice.order.length) return choice;
  const order = [...choice.order];
  [order[at], order[to]] = [order[to]!, order[at]!];
  // The lists follow the order, so a saved choice reads the same whichever way it was reached.
  return { order, hidden: order.filter((x) => choice.hidden.includes(x)), optional: order.filter((x) => choice.optional.includes(x)) };
}

/** A saved choice is trusted only if it has the right shape. */
export function isColumnChoice(x: unknown): x is ColumnChoice {
  if (!x || typeof x !== "object") return false;
  const c = x as ColumnChoice;
  const ids = (l: unknown) => Array.isArray(l) && l.every((i) => typeof i === "string");
  return ids(c.order) && ids(c.hidden) && ids(c.optional);
}
