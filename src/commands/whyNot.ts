import { isPage, viewTitle } from "../core/rules/pages";
import type { AnyCommand, CommandContext } from "./types";
import { signedIn } from "./when";

/**
 * Why a command cannot run where its key was pressed, as the status line says it (issue 28,
 * "nothing is silent"). A command with a precise reason declares `whyNot` and builds it from
 * these; the rest get `genericWhyNot`. Sentences name the pane to go to by its header's name and
 * its Alt+N key, so the next key press can fix it.
 */

/** Said of every command while nobody is signed in. */
export function signedOut(ctx: CommandContext): string | undefined {
  return signedIn(ctx) ? undefined : "Sign in first";
}

/**
 * Where the trader finds one of `views`: the panes on screen that show it ("focus Orders (Alt+2)"),
 * else how to open it. A phone has no Alt+N: one pane at a time, so it names the page to go to.
 */
export function whereTo(ctx: CommandContext, views: readonly string[]): string {
  // Two at most: the sentence must fit the status line.
  const shown = ctx.panes.filter((p) => views.includes(p.view) && p.id !== ctx.focusedPaneId).slice(0, 2);
  if (shown.length > 0 && !ctx.mobile) return `focus ${shown.map((p) => `${viewTitle(p.view)} (Alt+${p.n})`).join(" or ")}`;
  const page = views.find(isPage);
  return page ? `open ${viewTitle(page)} (Ctrl+K, Go to ${viewTitle(page)})` : `open ${viewTitle(views[0] ?? "")} (Ctrl+K)`;
}

/**
 * "`doing` needs `thing` under the cursor", and what to do about it: in a pane that lists such
 * rows, that none is under the cursor there (and, after a `/` choice the list has no row of, that
 * the keys act on it until j or k: commands/listCursor.ts); elsewhere, which pane lists them.
 */
export function needsRow(ctx: CommandContext, doing: string, thing: string, views: readonly string[]): string {
  const here = ctx.focusedView !== undefined && views.includes(ctx.focusedView);
  const s = ctx.selection;
  // In a pane that lists such rows, a bare instrument selection is a search choice (its rows give their own kind, or are not in the list).
  const searched = s?.kind === "instrument" ? ` since / chose ${s.symbol}; j or k puts it back on a row` : "";
  // Another pane on screen lists them (Home focused, Positions beside it): say which, so the next key fixes it.
  const elsewhere = !searched && !ctx.mobile && ctx.panes.some((p) => views.includes(p.view) && p.id !== ctx.focusedPaneId) ? `; ${whereTo(ctx, views)}` : "";
  return `${doing} needs ${thing} under the cursor: ${here ? `none is under it in ${viewTitle(ctx.focusedView!)}${searched}${elsewhere}` : whereTo(ctx, views)}`;
}

/**
 * "`doing` works in Holdings or Home: focus Holdings (Alt+3)" when the focused pane is none of
 * `views`, for a command that works only there (a scope's views, scopes.ts): undefined in them.
 */
export function outsideViews(ctx: CommandContext, doing: string, views: readonly string[]): string | undefined {
  if (ctx.focusedView !== undefined && views.includes(ctx.focusedView)) return undefined;
  return `${doing} works in ${views.map(viewTitle).join(" or ")}: ${whereTo(ctx, views)}`;
}

/** The panes whose rows are instruments (d, +, a act on them); `/` finds any other. */
export const INSTRUMENT_VIEWS = ["watchlist", "fullwl", "optionchain", "equity", "etf", "scanner"] as const;
/** Those, and the books whose rows name one (b, s, c, g act on them too). */
export const TRADABLE_VIEWS = [...INSTRUMENT_VIEWS, "position", "holdings"] as const;

/** "`doing` needs an instrument under the cursor: focus Watchlist (Alt+1), or search one with /". */
export function needsInstrument(ctx: CommandContext, doing: string, thing = "an instrument", views: readonly string[] = INSTRUMENT_VIEWS): string {
  return `${needsRow(ctx, doing, thing, views)}, or search one with /`;
}

/** For a command that declares no reason of its own: its title and where it was pressed. */
export function genericWhyNot(cmd: AnyCommand, ctx: CommandContext): string {
  const out = signedOut(ctx);
  if (out) return `${cmd.title}: ${out.toLowerCase()}`;
  return ctx.focusedView ? `${cmd.title} is not available in ${viewTitle(ctx.focusedView)}` : `${cmd.title} is not available here`;
}
