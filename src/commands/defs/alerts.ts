import { notify } from "../../core/notify";
import { alertLine, alertModifyProblem, alertProblem, alertValueProblem, conditionShort, type AlertCondition, type AlertDraft, type AlertOrderLeg } from "../../core/rules/alerts";
import type { AlertModifyBody } from "../../core/wire/alerts";
import { valueFromMarket } from "../../core/rules/alertCondition";
import { alertOrderOf } from "../alertOrder";
import { showsCommodityInfo } from "../../core/rules/commodityInfo";
import { sipLine, sipProblem, type SipSpec } from "../../core/rules/sip";
import { formatDate } from "../../core/format";
import { betaLockedOut } from "../../core/rules/orderWindowAccess";
import { ERROR_CATALOGUE } from "../../core/errors";
import { accountFacts } from "../orderWindow";
import { istDateKey } from "../../core/time";
import { addAlert, addSip, alerts$, changeAlert, removeAlert, removeSip } from "../../data/stores/alerts";
import { baskets$, basketNamed, loadBaskets } from "../../data/stores/baskets";
import { brokerNow } from "../../data/stores/brokerClock";
import { orderWindow$ } from "../../data/stores/orderWindow";
import { openOverlay } from "../../data/stores/ui";
import { submitDialog, type FormOutcome } from "../form";
import { workspace } from "../../data/stores/workspace";
import { isAlertCommand, parseAlertCommand } from "../grammar/alert";
import { readInstrumentWord, resolveInstrument } from "../instrumentWord";
import type { CommandLineParser } from "../lineParsers";
import { command, type CommandContext } from "../types";
import { all, orderWindowTakesKeys, signedIn } from "../when";
import { needsRow, signedOut } from "../whyNot";

/** Price alerts, SIPs and the order window's commodity info: the spec's dialogs of issue 17. */


/** The selected instrument as a dialog's instrument field shows it ("NSEEQ:INFY-EQ"), "" for none. */
const selectedInstrument = (ctx: CommandContext) => (ctx.selection?.kind === "instrument" ? `${ctx.selection.exchange}:${ctx.selection.symbol}` : "");

/** What the alert dialog submits. */
export interface AlertForm {
  instrument: string;
  condition: AlertCondition;
  value: number;
  /** Alert triggers orders (issue 33): a basket by name, or one order line, placed once when it fires. */
  thenBasket?: string;
  thenOrder?: string;
}

/** What the SIP dialog submits; the instrument is resolved here. */
export interface SipForm extends Omit<SipSpec, "exchange" | "token"> {
  instrument: string;
}

const today = () => istDateKey(new Date(brokerNow() ?? Date.now()));

/**
 * What an alert places when it fires (issue 33), resolved now: a basket's id, or one order line as
 * a leg; or why not, in the words and code the broker would refuse it with (EC714, EC732).
 */
async function linkedOrders(thenBasket: string | undefined, thenOrder: string | undefined): Promise<{ thenBasketId?: number; thenOrder?: AlertOrderLeg; warning?: string } | string> {
  if (thenBasket) {
    // The basket by name, without case, as basket lines find it.
    const basketId = (await basketNamed(thenBasket))?.basketId;
    return basketId === undefined ? alertProblem("EC714", `no basket named ${thenBasket}`) : { thenBasketId: basketId };
  }
  if (!thenOrder) return {};
  // The product as the window opens with for the same words, set now and kept with the alert (alertOrder.ts).
  const made = await alertOrderOf(thenOrder);
  if (typeof made === "string") return made;
  return { thenOrder: made.leg, ...(made.warning ? { warning: made.warning } : {}) };
}

/**
 * An alert's terms from the form, checked as the broker would (EC990 and the links' codes), or why
 * not; with what its order does to a position of another product, for the toast (alertOrder.ts).
 */
async function termsFrom(f: Pick<AlertForm, "condition" | "value" | "thenBasket" | "thenOrder">): Promise<{ terms: AlertModifyBody; warning: string | undefined } | string> {
  const problem = alertValueProblem(f.condition, f.value);
  if (problem) return alertProblem("EC990", problem);
  const linked = await linkedOrders(f.thenBasket?.trim() || undefined, f.thenOrder?.trim() || undefined);
  if (typeof linked === "string") return linked;
  const { warning, ...links } = linked;
  // The day's high and low are the broker's: it takes them when the alert is made (or modified).
  return { terms: { condition: f.condition, ...(valueFromMarket(f.condition) ? {} : { value: f.value }), ...links }, warning };
}

async function createAlertFrom(f: AlertForm): Promise<string | undefined> {
  const word = readInstrumentWord(f.instrument);
  if (!word) return "Type the instrument, as INFY or NSE:INFY";
  const found = await resolveInstrument(word);
  // Not found is the broker's EC902; a search that did not answer refused nothing, so it has no code.
  if ("problem" in found) return found.problem === "The search did not answer" ? found.problem : alertProblem("EC902", found.problem);
  const made = await termsFrom(f);
  if (typeof made === "string") return made;
  const { terms, warning } = made;
  return addAlert({ exchange: found.exchange, token: found.token, condition: terms.condition, ...(terms.value === undefined ? {} : { value: Number(terms.value) }), ...(terms.thenBasketId === undefined ? {} : { thenBasketId: Number(terms.thenBasketId) }), ...(terms.thenOrder ? { thenOrder: terms.thenOrder } : {}) }, warning);
}

/** What the alert dialog submits when it modifies an alert: the form, and which alert (its instrument stays). */
export interface AlertModifyForm extends AlertForm {
  alertId: number;
}

/** Modifies an alert from the dialog: its new terms, checked as a create's; undefined when done, else why not. */
async function modifyAlertFrom(f: AlertModifyForm): Promise<string | undefined> {
  const made = await termsFrom(f);
  return typeof made === "string" ? made : changeAlert(f.alertId, made.terms, made.warning);
}

/** The alert under the cursor, as the broker last listed it. */
const alertUnder = (ctx: CommandContext, alertId?: number) => {
  const id = alertId ?? selectedAlert(ctx)?.alertId;
  return id === undefined ? undefined : alerts$.alerts.peek().find((a) => a.alertId === id);
};

async function createSipFrom(f: SipForm): Promise<FormOutcome> {
  const word = readInstrumentWord(f.instrument);
  if (!word) return "Type the instrument, as INFY or NSE:INFY";
  const { instrument: _typed, ...rest } = f;
  // Found first, as every typed instrument is (a bare contract symbol wherever it is listed), so the
  // check is of the exchange that lists it, not the one the symbol's shape suggests (NSEFO for GOLD27FEBFUT).
  const found = await resolveInstrument(word);
  if ("problem" in found) return found.problem;
  const problem = sipProblem({ ...rest, exchange: found.exchange }, today());
  if (problem) return problem.field === "instrument" ? `${word.symbol} is listed on ${found.exchange}: ${problem.message}` : problem.message;
  const refused = await addSip({ ...rest, exchange: found.exchange, token: found.token });
  // EC876 has put the beta-access dialog in the SIP dialog's place: nothing to add here.
  if (refused?.status === "EC876") return false;
  return refused?.refused ?? true;
}

const selectedAlert = (ctx: CommandContext) => (ctx.selection?.kind === "alert" ? ctx.selection : undefined);
const selectedSip = (ctx: CommandContext) => (ctx.selection?.kind === "sip" ? ctx.selection : undefined);

export const alertCommands = [
  command({
    id: "alert.create",
    title: "Alert: create a price alert",
    group: "Alerts",
    keywords: ["alert", "price alert", "notify", "above", "below", "change"],
    when: signedIn,
    run: (ctx) => {
      openOverlay({ kind: "alert", instrument: selectedInstrument(ctx) });
    },
  }),
  command({
    // The alert dialog's Enter; the dialog stays open with the reason when the broker refuses.
    id: "alert.submit",
    title: "Alert: save",
    group: "Alerts",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: AlertForm) => submitDialog("alert", async () => (await createAlertFrom(a)) ?? true),
  }),
  command({
    // "alert INFY above 1500" from the palette's command line.
    id: "alert.line",
    title: "Alert: create from the command line",
    group: "Alerts",
    hidden: true,
    when: signedIn,
    run: async (_ctx, { draft: d }: { draft: AlertDraft }) => {
      const problem = await createAlertFrom({ instrument: d.exchange ? `${d.exchange}:${d.symbol}` : d.symbol, condition: d.condition, value: d.value, ...(d.thenBasket ? { thenBasket: d.thenBasket } : {}), ...(d.thenOrder ? { thenOrder: d.thenOrder } : {}) });
      if (problem) notify({ kind: "danger", text: problem });
    },
  }),
  command({
    id: "alert.open",
    title: "Alerts",
    group: "Alerts",
    keywords: ["alerts", "price alerts", "list"],
    when: signedIn,
    run: () => workspace.openView("alerts"),
  }),
  command({
    // `m` on an alert opens the alert dialog on its terms; only an active alert can be modified.
    id: "alert.modify",
    keys: ["m"],
    scope: "alerts",
    title: "Alert: modify",
    group: "Alerts",
    keywords: ["alert", "modify", "change", "edit", "price alert"],
    whyNot: (ctx) => {
      const out = signedOut(ctx);
      if (out) return out;
      const a = alertUnder(ctx);
      return a ? alertModifyProblem(a, today()) : needsRow(ctx, "Modify alert", "an alert", ["alerts"]);
    },
    run: async (ctx, args?: { alertId: number }) => {
      const a = alertUnder(ctx, args?.alertId);
      if (!a || alertModifyProblem(a, today())) return;
      // A linked basket is shown by its name: the baskets are loaded to find it.
      if (a.thenBasketId !== null) await loadBaskets();
      const basket = a.thenBasketId === null ? undefined : baskets$.baskets.peek().find((b) => b.basketId === a.thenBasketId)?.basketName;
      openOverlay({
        kind: "alert",
        instrument: `${a.exchange}:${a.tradingSymbol}`,
        modify: { alertId: a.alertId, condition: a.condition, value: a.value, ...(basket ? { thenBasket: basket } : {}), ...(a.thenOrder ? { thenOrder: a.thenOrder.line } : {}) },
      });
    },
  }),
  command({
    // The alert dialog's Enter when it modifies; the dialog stays open with the reason when the broker refuses.
    id: "alert.modify.submit",
    title: "Alert: save the modified alert",
    group: "Alerts",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: AlertModifyForm) => submitDialog("alert", async () => (await modifyAlertFrom(a)) ?? true),
  }),
  command({
    id: "alert.cancel",
    keys: ["delete"],
    scope: "alerts",
    title: "Alert: cancel",
    group: "Alerts",
    whyNot: (ctx) => signedOut(ctx) ?? (selectedAlert(ctx)?.active === true ? undefined : needsRow(ctx, "Cancel alert", "an active alert", ["alerts"])),
    run: (ctx, args?: { alertId: number }) => {
      const id = args?.alertId ?? selectedAlert(ctx)?.alertId;
      const alert = alerts$.alerts.peek().find((a) => a.alertId === id);
      if (!alert || alert.status !== "ACTIVE") return;
      // Asked first, as a cancelled order, GTT or SIP is: the question names the alert the Delete would end.
      openOverlay({
        kind: "confirm",
        title: `Cancel alert on ${alert.tradingSymbol}`,
        lines: [`${alertLine(alert)}. Cancel it?`],
        confirmLabel: "Cancel alert",
        commandId: "alert.cancel.confirmed",
        args: { alertId: alert.alertId },
      });
    },
  }),
  command({
    id: "alert.cancel.confirmed",
    title: "Alert: cancel (confirmed)",
    group: "Alerts",
    hidden: true,
    when: signedIn,
    run: (_ctx, { alertId }: { alertId: number }) => removeAlert(alertId),
  }),
  command({
    id: "sip.create",
    title: "SIP: create a systematic investment plan",
    group: "SIP",
    keywords: ["sip", "systematic", "invest", "monthly", "plan"],
    when: signedIn,
    run: async (ctx) => {
      const instrument = selectedInstrument(ctx);
      // A beta feature the account is not in yet is said before its form is filled (issue 29): the profile names it.
      const facts = await accountFacts();
      if (facts && betaLockedOut(facts, "sip")) {
        openOverlay({ kind: "betaAccess", message: ERROR_CATALOGUE.EC876, feature: "sip" });
        return;
      }
      openOverlay({ kind: "sip", instrument });
    },
  }),
  command({
    id: "sip.submit",
    title: "SIP: save",
    group: "SIP",
    hidden: true,
    when: signedIn,
    run: (_ctx, f: SipForm) => submitDialog("sip", () => createSipFrom(f)),
  }),
  command({
    id: "sip.open",
    title: "SIPs",
    group: "SIP",
    keywords: ["sip", "sips", "systematic investment plans", "list"],
    when: signedIn,
    run: () => workspace.openView("sips"),
  }),
  command({
    id: "sip.cancel",
    keys: ["delete"],
    scope: "sips",
    title: "SIP: cancel",
    group: "SIP",
    whyNot: (ctx) => signedOut(ctx) ?? (selectedSip(ctx)?.active === true ? undefined : needsRow(ctx, "Cancel SIP", "an active SIP", ["sips"])),
    run: (ctx, args?: { sipId: number }) => {
      const id = args?.sipId ?? selectedSip(ctx)?.sipId;
      const sip = alerts$.sips.peek().find((s) => s.sipId === id);
      if (!sip || sip.status !== "ACTIVE") return;
      // Asked first, as a cancelled order or GTT is: the dialog names the SIP the Delete would end.
      openOverlay({
        kind: "confirm",
        title: `Cancel SIP on ${sip.tradingSymbol}`,
        lines: [sipLine(sip), sip.nextDate ? `No instalment from ${formatDate(sip.nextDate)} on. Cancel it?` : "Cancel it?"],
        confirmLabel: "Cancel SIP",
        commandId: "sip.cancel.confirmed",
        args: { sipId: sip.sipId },
      });
    },
  }),
  command({
    id: "sip.cancel.confirmed",
    title: "SIP: cancel (confirmed)",
    group: "SIP",
    hidden: true,
    when: signedIn,
    run: (_ctx, { sipId }: { sipId: number }) => removeSip(sipId),
  }),
  command({
    id: "orderWindow.commodityInfo",
    keys: ["alt+i"],
    scope: "orderWindow",
    title: "Order window: commodity contract specification",
    group: "Orders",
    keywords: ["commodity", "contract", "lot", "tick", "delivery unit", "trading hours"],
    when: all(signedIn, orderWindowTakesKeys),
    whyNot: () => {
      const c = orderWindow$.contract.peek();
      if (!c) return "Commodity specification: the contract is still loading";
      return showsCommodityInfo(c.exchange) ? undefined : `Commodity specification: ${c.tradingSymbol} is not a commodity contract`;
    },
    run: () => {
      orderWindow$.dialog.set({ kind: "commodityInfo" });
    },
  }),
];

/** "alert INFY above 1500" creates the alert on Enter (grammar/alert.ts). */
export const alertLineParser: CommandLineParser = {
  id: "alert",
  heading: "Alert",
  claims: isAlertCommand,
  parse: (input) => {
    const p = parseAlertCommand(input);
    if (!p.ok) return p;
    const d = p.draft;
    const what = valueFromMarket(d.condition) ? (d.condition === "DAY_HIGH" ? "crosses the day's high" : "crosses the day's low") : conditionShort(d);
    const then = d.thenBasket ? `, then place basket ${d.thenBasket}` : d.thenOrder ? `, then place ${d.thenOrder}` : "";
    return { ok: true, title: `Create alert: ${d.exchange ? `${d.exchange}:` : ""}${d.symbol} ${what}${then}`, commandId: "alert.line", args: { draft: d } };
  },
};
