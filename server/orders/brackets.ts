import { ruleError, type RuleError } from "../../src/core/errors.js";
import { bracketDone, bracketStep, newBracket, openOf, targetPrice, type BracketEvent, type BracketState, type BracketTemplate } from "../../src/core/rules/bracket.js";
import { quantityStep } from "../../src/core/rules/contractValue.js";
import { isModifiableStatus } from "../../src/core/rules/orderStatus.js";
import type { OrderRequest, TransactionType } from "../../src/core/types/order.js";
import { istParts } from "../../src/core/time.js";
import type { Instrument, Quote } from "../market/types.js";
import type { Evaluate, OrderDesk } from "./desk.js";
import { exitLeg } from "./legs.js";
import type { OrderRecord } from "./record.js";
import { restingStatus } from "./working.js";

/** A bracket at work: its template as it was at placing, the rule's state and its legs' order ids. */
interface Live {
  entryId: string;
  userId: string;
  template: BracketTemplate;
  tickSize: number;
  /** "NSEEQ:1594": the entry's instrument, for the ticks a break-even waits on. */
  instrument: string;
  state: BracketState;
  legs: { targets: string[]; stop: string };
}

const LEG_NAMES = ["T1", "T2", "T3"] as const;

/** A break-even after N ticks not yet made, on a bracket with something held. */
const waitsOnPrice = (b: Live): boolean => b.template.breakEven?.after === "ticks" && !b.state.brokeEven && !b.state.stopped && b.state.entryFilled > 0;

/**
 * Bracket templates at the broker (issue 33). The entry is a regular order carrying the template's
 * name; as it fills, the rule (src/core/rules/bracket.ts) says what each target and the stop should
 * hold, and this makes the leg orders so: it places a leg when it first has quantity, resizes it,
 * cancels it at nothing, and moves the stop to break-even. The legs are orders whose main leg is
 * the entry (as BO legs are), so the book, the session's lapse and a leg's cancel (exit at market
 * through the stop) work as they do for BO. The rule's state is written in the journal's
 * transaction with the orders it moves, so a SIGKILL loses neither.
 */
export class Brackets {
  private readonly live = new Map<string, Live>();
  private readonly q;

  constructor(
    private readonly desk: OrderDesk,
    private readonly evaluate: Evaluate,
  ) {
    const { db } = desk.ctx;
    this.q = {
      template: db.prepare("SELECT template FROM bracket_templates WHERE user_id = ? AND name = ?"),
      put: db.prepare("INSERT INTO brackets (entry_order_id, user_id, template, state, legs, done) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (entry_order_id) DO UPDATE SET state = excluded.state, legs = excluded.legs, done = excluded.done"),
      working: db.prepare("SELECT entry_order_id, user_id, template, state, legs FROM brackets WHERE done = 0"),
    };
  }

  /** The brackets that were at work when the broker stopped; an entry that ended meanwhile is settled. */
  restore(): void {
    for (const row of this.q.working.all() as Array<{ entry_order_id: string; user_id: string; template: string; state: string; legs: string }>) {
      const saved = JSON.parse(row.state) as BracketState & { tickSize: number; instrument: string };
      const { tickSize, instrument, ...state } = saved;
      this.live.set(row.entry_order_id, { entryId: row.entry_order_id, userId: row.user_id, template: JSON.parse(row.template) as BracketTemplate, tickSize, instrument, state, legs: JSON.parse(row.legs) as Live["legs"] });
    }
  }

  /** The template a new order names, checked against the order: EC721 unknown, EC726 not a regular LIMIT or MARKET order, EC728 a target with no lot. */
  check(userId: string, name: string, req: OrderRequest, inst: Instrument): BracketTemplate | RuleError {
    const row = this.q.template.get(userId, name.trim().toLowerCase()) as { template: string } | undefined;
    if (!row) return ruleError("EC721", name.trim());
    if (req.orderComplexity !== "REGULAR" || (req.orderType !== "LIMIT" && req.orderType !== "MARKET")) return ruleError("EC726");
    const template = JSON.parse(row.template) as BracketTemplate;
    const state = newBracket({ template, side: req.transactionType, quantity: req.quantity, limitPrice: 0, step: quantityStep(inst.exchange, inst.lotSize), tickSize: inst.tickSize });
    if (state.plan.some((q) => q <= 0)) return ruleError("EC728", `${req.quantity} split ${template.targets.map((t) => `${t.share} %`).join(" / ")} is ${state.plan.join(" / ")}`);
    return template;
  }

  /** A checked entry was booked (inside the journal's transaction): the bracket begins. */
  begin(entry: OrderRecord, template: BracketTemplate, inst: Instrument): void {
    const state = newBracket({ template, side: entry.transactionType, quantity: entry.quantity, limitPrice: entry.orderType === "LIMIT" ? entry.price : 0, step: quantityStep(inst.exchange, inst.lotSize), tickSize: inst.tickSize });
    const b: Live = { entryId: entry.brokerOrderId, userId: entry.userId, template, tickSize: inst.tickSize, instrument: `${inst.exchange}:${inst.token}`, state, legs: { targets: template.targets.map(() => ""), stop: "" } };
    this.live.set(b.entryId, b);
    this.save(b);
  }

  /** After a fill: the entry's grows the legs, a leg's is a target or the stop filling. False when the order is no bracket's. */
  followFill(r: OrderRecord, inst: Instrument, filled: number): boolean {
    const entry = this.live.get(r.brokerOrderId);
    if (entry) {
      const before = entry.state.entryValue;
      const price = (r.filledValue - before) / filled;
      this.apply(entry, { kind: "entryFill", quantity: filled, price }, inst);
      return true;
    }
    const b = r.mainLegOrderId === "" ? undefined : this.live.get(r.mainLegOrderId);
    if (!b) return false;
    const index = b.legs.targets.indexOf(r.brokerOrderId);
    this.apply(b, index >= 0 ? { kind: "targetFill", index, quantity: filled } : { kind: "stopFill", quantity: filled }, inst);
    return true;
  }

  /** A tick of an instrument: break-even after N ticks in favour. Call inside the journal's transaction. */
  onTick(quote: Quote, inst: Instrument): void {
    const key = `${inst.exchange}:${inst.token}`;
    for (const b of this.live.values()) if (b.instrument === key && waitsOnPrice(b)) this.apply(b, { kind: "price", ltp: quote.ltp }, inst);
  }

  /** Whether a bracket of this instrument waits on its price (the engine asks before opening a transaction on a tick). */
  watchesPrices(inst: Instrument): boolean {
    const key = `${inst.exchange}:${inst.token}`;
    for (const b of this.live.values()) if (b.instrument === key && waitsOnPrice(b)) return true;
    return false;
  }

  private apply(b: Live, e: BracketEvent, inst: Instrument): void {
    const entry = this.desk.journal.get(b.entryId);
    // The entry ended (cancelled, lapsed) without filling in full: the rule hears of it first.
    let state = b.state;
    if (entry && state.entryOpen && !isModifiableStatus(entry.orderStatus) && e.kind !== "entryFill") state = bracketStep(state, { kind: "cancel" }, b.template, b.tickSize);
    b.state = bracketStep(state, e, b.template, b.tickSize);
    const placed = entry ? this.settleLegs(b, entry) : [];
    this.save(b);
    // New legs start to work only now that the state is saved: a target the price is already past fills at once, and its fill comes back here.
    const quote = this.desk.market.quote(inst.exchange, inst.token);
    if (quote) for (const leg of placed) if (this.desk.working.has(leg.brokerOrderId)) this.evaluate(leg, inst, quote);
  }

  /** Makes the leg orders what the state says; answers the legs placed now. */
  private settleLegs(b: Live, entry: OrderRecord): OrderRecord[] {
    const s = b.state;
    const exit: TransactionType = s.side === "BUY" ? "SELL" : "BUY";
    const placed: OrderRecord[] = [];
    s.targets.forEach((t, i) => {
      const id = b.legs.targets[i]!;
      if (id === "") {
        if (openOf(t) <= 0) return;
        const leg = this.newLeg(entry, exit, openOf(t), "LIMIT", targetPrice(s, b.template.targets[i]!, b.tickSize), 0, LEG_NAMES[i]!);
        b.legs.targets[i] = leg.brokerOrderId;
        placed.push(leg);
      } else this.resize(id, t.quantity);
    });
    if (b.legs.stop === "") {
      if (openOf(s.stop) > 0) {
        const leg = this.newLeg(entry, exit, openOf(s.stop), "SLM", 0, s.stopTrigger, "SL");
        b.legs.stop = leg.brokerOrderId;
        placed.push(leg);
      }
    } else {
      // The trigger first: the update of a resize then carries where the stop stands.
      const stop = this.desk.working.get(b.legs.stop);
      if (stop && !stop.triggered && stop.triggerPrice !== s.stopTrigger) {
        stop.triggerPrice = s.stopTrigger;
        stop.slTriggerPrice = s.stopTrigger;
        this.desk.journal.setStatus(stop, "modified", false);
        this.desk.journal.setStatus(stop, "trigger pending", true);
      }
      this.resize(b.legs.stop, s.stop.quantity);
    }
    return placed;
  }

  /** A working leg to `total` (filled plus open); at nothing open it is cancelled. */
  private resize(id: string, total: number): void {
    const { working, journal } = this.desk;
    const leg = working.get(id);
    if (!leg) return;
    const open = Math.max(0, total - leg.filledQuantity);
    if (open === leg.pendingQuantity) return;
    if (open === 0) {
      journal.cancelRest(leg, "cancelled");
      return;
    }
    leg.quantity = leg.filledQuantity + leg.cancelledQuantity + open;
    leg.pendingQuantity = open;
    journal.setStatus(leg, leg.orderStatus, true);
  }

  private newLeg(main: OrderRecord, side: TransactionType, quantity: number, orderType: "LIMIT" | "SLM", price: number, trigger: number, name: string): OrderRecord {
    const { ctx, journal, working } = this.desk;
    const leg: OrderRecord = { ...exitLeg(this.desk, main, side, quantity, orderType, price, trigger), bracket: name };
    delete leg.trailValue;
    delete leg.trailUnit;
    delete leg.trailJump;
    delete leg.gtdValidityDate;
    journal.insert(leg, istParts(ctx.clock.now()).dateKey);
    journal.setStatus(leg, restingStatus(leg), true);
    working.add(leg);
    return leg;
  }

  private save(b: Live): void {
    const done = bracketDone(b.state);
    this.q.put.run(b.entryId, b.userId, JSON.stringify(b.template), JSON.stringify({ ...b.state, tickSize: b.tickSize, instrument: b.instrument }), JSON.stringify(b.legs), done ? 1 : 0);
    if (done) this.live.delete(b.entryId);
  }
}
