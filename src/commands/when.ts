import type { LoginStage } from "../core/rules/loginStage";
import { orderWindow$ } from "../data/stores/orderWindow";
import type { DialogId } from "../data/stores/ui";
import type { CommandContext } from "./types";

/**
 * The named conditions of commands' `when` clauses, written once: a file of defs/ says
 * `when: signedIn` or `when: all(signedIn, focusedOn("ideas"))` and never spells the context out.
 * The sentences for when they fail are whyNot.ts's.
 */
export type When = (ctx: CommandContext) => boolean;

/** A client is signed in (the access token and the client code are both held). */
export const signedIn: When = (ctx) => ctx.clientCode !== undefined;

/** The focused pane shows one of `views`. */
export const focusedOn =
  (...views: readonly string[]): When =>
  (ctx) =>
    ctx.focusedView !== undefined && views.includes(ctx.focusedView);

/** A pane has the focus (a command that acts on "this pane" needs one). */
export const paneFocused: When = (ctx) => ctx.focusedPaneId !== undefined;

/** `dialog` is the overlay on top: it owns the keyboard. */
export const dialogOnTop =
  (dialog: DialogId): When =>
  (ctx) =>
    ctx.dialog === dialog;

/** Some dialog other than the palette is on top (the palette keeps its own Esc). */
export const dialogOtherThanPalette: When = (ctx) => ctx.dialog !== undefined && ctx.dialog !== "palette";

/** The login page shows `stage`. */
export const onLoginStage =
  (...stages: readonly LoginStage[]): When =>
  (ctx) =>
    ctx.loginStage !== undefined && stages.includes(ctx.loginStage);

/** The order window is open and no question of its own (AMO, surveillance, charges) is asked: its keys are live. */
export const orderWindowTakesKeys: When = () => orderWindow$.open.peek() && orderWindow$.dialog.peek() === null;

/** Every one of `conditions` holds. */
export const all =
  (...conditions: readonly When[]): When =>
  (ctx) =>
    conditions.every((c) => c(ctx));
