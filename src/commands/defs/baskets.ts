import { istDateKey } from "../../core/time";
import { stampNow } from "../../data/stores/brokerClock";
import { notify } from "../../core/notify";
import { legAddedText, legEditedText, legLine, legRemovedText, removeLegQuestion } from "../../core/rules/basketRun";
import { fireMarginLines } from "../../core/rules/basketMargin";
import { editedLeg, legEditProblem, legRowKey, type BasketLeg, type LegEdit } from "../../core/rules/basket";
import { putCursorOn } from "../listCursor";
import { counted, firePlan } from "../../core/rules/basketLastRun";
import { sliceNote } from "../../core/rules/basketSlices";
import { legContractProblem } from "../../core/rules/basketLegCheck";
import { isExchange, type Exchange } from "../../core/types/exchange";
import { fetchSecurityInfo, findTypedInstrument } from "../../data/api/orders";
import {
  addLegs, basketNamed, basketCharges, baskets$, fireBasket, lastRunOf, legSlicings, legsMargin, legsOf, newBasket, removeBasket, removeLeg, renameBasketTo, replaceLeg, type Firing,
} from "../../data/stores/baskets";
import { sessionEndedSince } from "../../data/stores/sessionReset";
import { openOverlay } from "../../data/stores/ui";
import { newOrderProduct } from "../../data/stores/orderWindow";
import { workspace } from "../../data/stores/workspace";
import { describeBasketLine, isBasketCommand, parseBasketCommand, type BasketLegDraft, type BasketLine } from "../grammar/basket";
import type { CommandLineParser } from "../lineParsers";
import { needsInstrument, needsRow, signedOut } from "../whyNot";
import { submitDialog } from "../form";
import { command, type CommandContext } from "../types";
import { signedIn } from "../when";
import { resolveContractLine } from "../contractLine";
import { typedExchange } from "../instrumentWord";

const selectedBasket = (ctx: CommandContext) => (ctx.selection?.kind === "basket" ? ctx.selection : undefined);
const basketWhyNot = (ctx: CommandContext, doing: string) => signedOut(ctx) ?? (selectedBasket(ctx) ? undefined : needsRow(ctx, doing, "a basket", ["baskets"]));
const legWhyNot = (ctx: CommandContext, doing: string) => signedOut(ctx) ?? (selectedBasket(ctx)?.scripId !== undefined ? undefined : needsRow(ctx, doing, "a leg of a basket", ["baskets"]));
const nameOf = (basketId: number) => baskets$.baskets.peek().find((b) => b.basketId === basketId)?.basketName ?? "";
/**
 * What every way of adding a leg says once the broker has it (`a` on a row and the command line): the
 * leg as the broker keeps it, in the order toasts' words and its product, as the fire confirmation
 * lists it (legLine): "Added to close1: Qty 75 BUY NIFTY26D0824500CE (MARKET Order) NRML". It said
 * "NIFTY26D0824500CE added to close1", and a leg booked INTRADAY went unseen until fired (FINDINGS-25 s5).
 * A new leg is the basket's last (addLegs). With contract words the toast says how the contract was
 * found ("ATM of NIFTY at 24,512 is 24500, ...").
 */
const sayAdded = (basketId: number, note?: string) => {
  const leg = legsOf(basketId).at(-1);
  if (leg) notify({ kind: "success", text: legAddedText(nameOf(basketId), leg, note) });
};

/** A new run's id, made once per confirmation: every Enter on it fires the same run. */
const newRunId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** The basket a line names, told when there is none. */
async function named(name: string) {
  const b = await basketNamed(name);
  if (!b) notify({ kind: "danger", text: `No basket named ${name}` });
  return b;
}

/**
 * The one confirmation of a firing: the legs it places, the basket's margin for them (their
 * margin checks) and charges of the legs that can be placed, a leg the margin check refuses named
 * as left out of them with why (FINDINGS-27 4: one refused leg hid the margin of every other, which
 * Enter then placed, and its charges were counted), and which go as AMO because their exchange is
 * closed. `f` retries the basket's last run: it places only the legs that run did not place and names those that went
 * (rules/basketLastRun.ts); `again` (Shift+F) places every leg under a new run and says which go a
 * second time. Its Enter runs basket.fire.confirmed with the run made here.
 */
async function confirmFire(ctx: CommandContext, basketId: number, again = false): Promise<void> {
  const all = legsOf(basketId);
  if (all.length === 0) {
    notify({ kind: "danger", text: `Basket ${nameOf(basketId)} has no legs` });
    return;
  }
  const plan = firePlan(nameOf(basketId), all, lastRunOf(basketId), again, newRunId, istDateKey(new Date(stampNow())));
  if (plan.kind === "nothing") {
    notify({ kind: "neutral", text: plan.text });
    return;
  }
  const legs = plan.legs;
  // Still sent, as the dialog says: the broker refuses it and the refusal is kept on the run (Last run, `f` retries it).
  const [m, slicing] = await Promise.all([legsMargin(legs), legSlicings(legs)]);
  // The figures are of the legs that can be placed; a leg the margin check refuses is named with why, not counted.
  const charges = await basketCharges(m.going);
  // A leg above its freeze quantity says, before Enter, that it goes as slices (or why it cannot go).
  const legWithSlices = (l: BasketLeg) => {
    const note = sliceNote(slicing.of(l), slicing.freezeQty(l));
    return note ? `${legLine(l)}: ${note}` : legLine(l);
  };
  const orderCount = legs.reduce((n, l) => {
    const v = slicing.of(l);
    return n + (v.kind === "slices" ? v.slices.length : 1);
  }, 0);
  const closed = legs.filter((l) => !ctx.market.isOpen(l.exchange));
  const firing: Firing = { runId: plan.runId, replaces: plan.replaces, scripIds: legs.map((l) => l.scripId), amo: closed.map((l) => l.scripId) };
  openOverlay({
    kind: "confirm",
    title: plan.title,
    lines: [
      ...plan.head,
      ...legs.filter((l) => m.going.includes(l)).map(legWithSlices),
      ...fireMarginLines(m, charges),
      ...(closed.length > 0 ? [`The market is closed: ${closed.length === legs.length ? (legs.length === 1 ? "the leg goes" : `all ${legs.length} legs go`) : `${closed.length} of ${legs.length} legs go`} as after-market orders (AMO)`] : []),
    ],
    // A sliced leg is several orders: the button counts the orders that go, not the legs. With no leg
    // that can be placed it says it sends them regardless (rules/basketMargin.ts fireMarginLines).
    confirmLabel:
      m.going.length === 0
        ? `Send ${counted(orderCount, "order")} anyway`
        : plan.confirmLabel === `Place ${counted(legs.length, "order")}` ? `Place ${counted(orderCount, "order")}` : plan.confirmLabel,
    commandId: "basket.fire.confirmed",
    args: { basketId, ...firing },
  });
}

/**
 * Why an edited leg cannot be saved on its contract (a price off the tick, a quantity off the lot),
 * asked before the leg is replaced: the broker's add refuses it too, but only after the old leg
 * was deleted (there is no leg update), and the dialog keeps the edit open with the sentence.
 */
async function editContractProblem(leg: BasketLeg, edit: LegEdit): Promise<string | undefined> {
  const contract = (await fetchSecurityInfo({ exchange: leg.exchange, token: String(leg.token) }).catch(() => undefined))?.result[0];
  // Without the contract, the broker's add decides (and the old leg is put back when it refuses).
  return contract ? legContractProblem(edit, contract)?.message : undefined;
}

/** The instrument a line's leg names: by contract words, the contract they name now (as `buy` finds it); else by the search call. */
async function legInstrument(d: BasketLegDraft): Promise<{ exchange: Exchange; token: string; note?: string } | undefined> {
  if (d.contract) {
    const c = await resolveContractLine(d.symbol, d.contract, d.exchange);
    return c && { exchange: c.exchange, token: c.token, note: c.note };
  }
  // As the order window reads the word: a bare contract symbol on whichever exchange lists it (data/api/orders.ts findTypedInstrument).
  const exchange = typedExchange(d.symbol, d.exchange);
  const found = await findTypedInstrument({ exchange, symbol: d.symbol, exchangeTyped: d.exchange !== undefined });
  if (!found) notify({ kind: "danger", text: `${exchange}:${d.symbol} not found` });
  return found;
}

/** A leg of the command line: the contract is fixed when the line runs (an ATM leg stays that strike as the spot moves on). */
async function addDraft(basketId: number, d: BasketLegDraft): Promise<boolean> {
  const inst = await legInstrument(d);
  if (!inst) return false;
  // No product word: the one the order window would open with for the same words (rules/defaultProduct.ts).
  const product = d.product ?? newOrderProduct(inst.exchange);
  const added = await addLegs(basketId, [{ exchange: inst.exchange, token: Number(inst.token), transType: d.transType, qty: d.qty, ...(d.price !== undefined ? { price: d.price } : {}), product }]);
  // Said with the contract the line resolved to: "NIFTY ATM CE" typed is read back as the symbol the order will carry.
  if (added) sayAdded(basketId, inst.note);
  return added;
}

/**
 * Basket lines run one after another in the order they were entered: `basket add X` typed while
 * `basket new X` is still on its way finds X, as the trader who typed them in that order expects.
 * A line still waiting when its session ends is dropped: it was typed for that client.
 */
let lines: Promise<void> = Promise.resolve();
function runLine(ctx: CommandContext, line: BasketLine): Promise<void> {
  const ended = sessionEndedSince();
  const run = lines.then(() => (ended() ? undefined : runLineNow(ctx, line)));
  lines = run.catch(() => undefined);
  return run;
}

async function runLineNow(ctx: CommandContext, line: BasketLine): Promise<void> {
  if (line.verb === "new") {
    await newBasket(line.name);
    return;
  }
  const b = await named(line.name);
  if (!b) return;
  if (line.verb === "add") await addDraft(b.basketId, line.leg);
  else if (line.verb === "run") await confirmFire(ctx, b.basketId);
  else openOverlay({ kind: "confirm", title: "Delete basket", lines: [`Delete basket ${b.basketName} and its ${counted(b.scripCount, "leg")}?`], confirmLabel: "Delete", commandId: "basket.delete.confirmed", args: { basketId: b.basketId } });
}

export const basketCommands = [
  command({
    id: "basket.open",
    explore: { section: "Products", line: "Sets of orders placed together." },
    title: "Baskets",
    group: "Baskets",
    keywords: ["basket", "basket ops", "orders set"],
    when: signedIn,
    run: () => workspace.openView("baskets"),
  }),
  command({
    id: "basket.new",
    title: "Basket: new",
    group: "Baskets",
    keywords: ["basket", "create"],
    when: signedIn,
    run: () => {
      openOverlay({ kind: "basketName", name: "" });
    },
  }),
  command({
    id: "basket.rename",
    keys: ["r"],
    scope: "baskets",
    title: "Basket: rename",
    group: "Baskets",
    whyNot: (ctx) => basketWhyNot(ctx, "Rename"),
    run: (ctx) => {
      const s = selectedBasket(ctx);
      if (s) openOverlay({ kind: "basketName", basketId: s.basketId, name: nameOf(s.basketId) });
    },
  }),
  command({
    // The name dialog's Enter; the dialog stays open with the broker's message when it refuses.
    id: "basket.name.submit",
    title: "Basket: save name",
    group: "Baskets",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: { basketId?: number; name: string }) =>
      submitDialog("basketName", async () => (a.basketId === undefined ? (await newBasket(a.name)) !== undefined : renameBasketTo(a.basketId, a.name))),
  }),
  command({
    id: "basket.delete",
    keys: ["shift+delete"],
    scope: "baskets",
    title: "Basket: delete",
    group: "Baskets",
    whyNot: (ctx) => basketWhyNot(ctx, "Delete basket"),
    run: (ctx) => {
      const s = selectedBasket(ctx);
      if (s) openOverlay({ kind: "confirm", title: "Delete basket", lines: [`Delete basket ${nameOf(s.basketId)} and its legs?`], confirmLabel: "Delete", commandId: "basket.delete.confirmed", args: { basketId: s.basketId } });
    },
  }),
  command({
    id: "basket.delete.confirmed",
    title: "Basket: delete (confirmed)",
    group: "Baskets",
    hidden: true,
    when: signedIn,
    run: async (_ctx, a: { basketId: number }) => {
      await removeBasket(a.basketId);
    },
  }),
  command({
    // "add the selected instrument (from any grid, `a` on a row)": to the basket last opened or made.
    id: "basket.add",
    keys: ["a"],
    title: "Basket: add selected instrument",
    group: "Baskets",
    keywords: ["basket", "add", "leg"],
    whyNot: (ctx) => signedOut(ctx) ?? (ctx.selection?.kind === "instrument" ? undefined : needsInstrument(ctx, "Add to basket")),
    run: async (ctx) => {
      const s = ctx.selection;
      if (s?.kind !== "instrument" || !isExchange(s.exchange)) return;
      const basketId = baskets$.current.peek();
      if (basketId === undefined) {
        notify({ kind: "danger", text: "Create or open a basket first (basket new NAME)" });
        return;
      }
      const info = (await fetchSecurityInfo({ exchange: s.exchange as Exchange, token: String(s.token) }).catch(() => undefined))?.result[0];
      // The product the order window would open with for this instrument (rules/defaultProduct.ts), not the broker's fallback.
      if (await addLegs(basketId, [{ exchange: s.exchange, token: s.token, transType: "BUY", qty: info?.lotSize ?? 1, product: newOrderProduct(s.exchange) }])) {
        sayAdded(basketId);
      }
    },
  }),
  command({
    id: "basket.leg.remove",
    keys: ["delete"],
    scope: "baskets",
    title: "Basket: remove leg",
    group: "Baskets",
    whyNot: (ctx) => legWhyNot(ctx, "Remove leg"),
    run: (ctx) => {
      const s = selectedBasket(ctx);
      const legs = s ? legsOf(s.basketId) : [];
      const leg = legs.find((l) => l.scripId === s?.scripId);
      // Asked first, as Delete on an order: a removed leg is gone, and a spread's hedge leg removed unseen fires the other naked.
      if (s && leg) openOverlay({ kind: "confirm", ...removeLegQuestion(nameOf(s.basketId), leg, legs.length), commandId: "basket.leg.remove.confirmed", args: { basketId: s.basketId, scripId: leg.scripId } });
    },
  }),
  command({
    id: "basket.leg.remove.confirmed",
    title: "Basket: remove leg (confirmed)",
    group: "Baskets",
    hidden: true,
    when: signedIn,
    run: async (_ctx, a: { basketId: number; scripId: number }) => {
      const leg = legsOf(a.basketId).find((l) => l.scripId === a.scripId);
      if (!leg) {
        notify({ kind: "neutral", text: `That leg is no longer in ${nameOf(a.basketId)}: nothing was removed` });
        return;
      }
      if (await removeLeg(a.basketId, a.scripId)) notify({ kind: "neutral", text: legRemovedText(nameOf(a.basketId), leg) });
    },
  }),
  command({
    id: "basket.leg.edit",
    keys: ["e"],
    scope: "baskets",
    title: "Basket: change quantity, side, product or price of the leg",
    group: "Baskets",
    keywords: ["quantity", "qty", "edit leg", "side", "product", "price"],
    whyNot: (ctx) => legWhyNot(ctx, "Edit leg"),
    run: (ctx) => {
      const s = selectedBasket(ctx);
      const leg = s?.scripId === undefined ? undefined : legsOf(s.basketId).find((l) => l.scripId === s.scripId);
      if (s && leg) openOverlay({ kind: "basketLeg", basketId: s.basketId, leg });
    },
  }),
  command({
    // The leg dialog's Enter; the dialog stays open with the broker's message when it refuses.
    id: "basket.leg.submit",
    title: "Basket: save leg",
    group: "Baskets",
    hidden: true,
    when: signedIn,
    run: (ctx, a: { basketId: number; scripId: number; edit: LegEdit }) =>
      submitDialog("basketLeg", async () => {
        const leg = legsOf(a.basketId).find((l) => l.scripId === a.scripId);
        if (!leg) return "The leg is no longer in the basket";
        const problem = legEditProblem(a.edit) ?? (await editContractProblem(leg, a.edit));
        if (problem) return problem;
        const before = new Set(legsOf(a.basketId).map((l) => l.scripId));
        if (!(await replaceLeg(a.basketId, a.scripId, editedLeg(leg, a.edit)))) return false;
        // The cursor on the edited leg (a new leg, at the basket's end): the list read the one it replaced as gone and
        // put the cursor on a neighbour, where a Delete or an `e` after it acted on a leg the trader did not pick.
        const now = legsOf(a.basketId).find((l) => !before.has(l.scripId));
        if (now) notify({ kind: "success", text: legEditedText(nameOf(a.basketId), leg, now) });
        if (now && ctx.focusedPaneId) putCursorOn(ctx.focusedPaneId, legRowKey(a.basketId, now.scripId), `${now.tradingSymbol ?? leg.tradingSymbol ?? now.token} in basket ${nameOf(a.basketId)} edited: a new leg at its end, not placed yet`);
        return true;
      }),
  }),
  command({
    id: "basket.fire",
    keys: ["f"],
    scope: "baskets",
    title: "Basket: fire",
    group: "Baskets",
    keywords: ["basket", "run", "place all", "execute"],
    whyNot: (ctx) => basketWhyNot(ctx, "Fire"),
    run: async (ctx) => {
      const s = selectedBasket(ctx);
      if (s) await confirmFire(ctx, s.basketId);
    },
  }),
  command({
    id: "basket.fire.confirmed",
    title: "Basket: fire (confirmed)",
    group: "Baskets",
    hidden: true,
    when: signedIn,
    run: async (_ctx, a: Firing & { basketId: number }) => {
      await fireBasket(a.basketId, a);
    },
  }),
  command({
    // The only way to place a leg that already went: said by its own command, confirmed by its own question.
    id: "basket.fire.again",
    keys: ["shift+f"],
    scope: "baskets",
    title: "Basket: place again (all legs)",
    group: "Baskets",
    keywords: ["basket", "fire again", "place again", "repeat", "all legs"],
    whyNot: (ctx) => basketWhyNot(ctx, "Place basket again"),
    run: async (ctx) => {
      const s = selectedBasket(ctx);
      if (s) await confirmFire(ctx, s.basketId, true);
    },
  }),
  command({
    id: "basket.line",
    title: "Basket from the command line",
    group: "Baskets",
    hidden: true,
    when: signedIn,
    run: async (ctx, a: { line: BasketLine }) => {
      await runLine(ctx, a.line);
    },
  }),
];

/** "basket new Morning", "basket add Morning INFY 10 buy @ 1500", "basket run Morning". */
export const basketLineParser: CommandLineParser = {
  id: "basket",
  heading: "Basket",
  claims: isBasketCommand,
  parse: (input) => {
    const p = parseBasketCommand(input);
    return p.ok ? { ok: true, title: describeBasketLine(p.line), commandId: "basket.line", args: { line: p.line } } : p;
  },
};
