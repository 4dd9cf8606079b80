import { formatDateTime } from "../../src/core/format.js";
import { killSwitchOn, SEGMENT_NAMES, SEGMENTS, turnOnKillSwitch, extendTo, type KillSwitchReason, type KillSwitchState } from "../../src/core/rules/killSwitch.js";
import { RISK_MESSAGE_KIND, type RiskEvent, type RiskMessage } from "../../src/core/rules/riskMessage.js";
import type { RuleError } from "../../src/core/errors.js";
import { segmentOf, type Segment } from "../../src/core/types/exchange.js";
import type { KillSwitchRow } from "../../src/core/wire/risk.js";
import type { BrokerContext } from "../context.js";
import type { OrderEngine } from "../orders/engine.js";
import { KillSwitches } from "./killSwitches.js";

/** Says something on the client's order topic (server/app.ts hands the feed's publish). */
export type RiskSay = (userId: string, message: RiskMessage) => void;

/**
 * The risk desk of issue 33 on the broker's side: the kill switches, set as the order engine's
 * gates so that every door (HTTP place, basket legs, alias lines, GTT triggers, SIPs, alert
 * orders all reach intake.place) meets them.
 */
export class RiskDesk {
  readonly switches: KillSwitches;

  constructor(
    private readonly ctx: Pick<BrokerContext, "clock" | "db" | "log">,
    private readonly orders: OrderEngine,
    private readonly say: RiskSay,
  ) {
    this.switches = new KillSwitches(ctx.db);
    // A switch a tripped loss limit turned on refuses with the limit's code and figures (EC712), at every door alike.
    const figure = (userId: string) => () => this.lossLimitFigure?.(userId);
    orders.setGates({
      place: (userId, exchange, now) => (this.exempting ? undefined : (this.switches.refusal(userId, exchange, now.getTime(), figure(userId)) ?? this.orderLimit?.(userId, now))),
      modify: (userId, exchange, now, before, after) => (this.exempting ? undefined : this.switches.modifyRefusal(userId, exchange, now.getTime(), before, after, figure(userId))),
    });
  }

  /** True while the desk itself places (a tripped limit's square-off): its own orders pass the gates. */
  private exempting = false;
  /** The loss limits' orders check (lossLimits.ts), set once they are made. */
  orderLimit: ((userId: string, now: Date) => RuleError | undefined) | undefined;
  /** The figures of the loss limit that tripped today ("Maximum loss: ₹2,647.50 of ₹2,000.00"), set with orderLimit. */
  lossLimitFigure: ((userId: string) => string | undefined) | undefined;

  /** Runs `fn` with the desk's gates open to it (synchronously: no other order can come in meanwhile). */
  exempt<T>(fn: () => T): T {
    this.exempting = true;
    try {
      return fn();
    } finally {
      this.exempting = false;
    }
  }

  /** Each segment's switch as the app shows it. */
  list(userId: string): KillSwitchRow[] {
    const now = this.ctx.clock.now().getTime();
    return SEGMENTS.map((seg) => rowOf(seg, this.switches.get(userId, seg), now, []));
  }

  /** The trader turns a segment's switch on for `hours`: its open orders are cancelled, new ones refused. */
  turnOn(userId: string, segment: Segment, hours: number): KillSwitchRow | RuleError {
    const now = this.ctx.clock.now().getTime();
    const next = turnOnKillSwitch(this.switches.get(userId, segment), segment, now, hours, "user");
    if ("ok" in next) return next;
    return this.apply(userId, next, now, "kill switch on", `Kill switch on: ${SEGMENT_NAMES[segment]} orders refused until ${formatDateTime(next.until)} IST`);
  }

  /** Every segment's switch on until `until` (a tripped loss limit: the rest of the day); answers the orders cancelled. */
  stopAll(userId: string, until: number, reason: KillSwitchReason): string[] {
    const now = this.ctx.clock.now().getTime();
    const cancelled: string[] = [];
    for (const seg of SEGMENTS) cancelled.push(...this.apply(userId, extendTo(this.switches.get(userId, seg), seg, now, until, reason), now).cancelled);
    return cancelled;
  }

  private apply(userId: string, s: KillSwitchState, now: number, event?: RiskEvent, text?: string): KillSwitchRow {
    // Stored first: from here no door places in the segment, so nothing slips in after the cancels.
    this.switches.put(userId, s);
    const cancelled = this.orders.cancelWhere(userId, (r) => segmentOf(r.exchange) === s.segment);
    if (event && text) this.tell(userId, event, cancelled.length > 0 ? `${text}; ${cancelled.length} open ${cancelled.length === 1 ? "order" : "orders"} cancelled` : text);
    this.ctx.log.info({ userId, segment: s.segment, until: new Date(s.until).toISOString(), reason: s.reason, cancelled }, "kill switch on");
    return rowOf(s.segment, s, now, cancelled);
  }

  /** A sentence on the client's order topic. */
  tell(userId: string, event: RiskEvent, text: string): void {
    this.say(userId, { messageKind: RISK_MESSAGE_KIND, event, text, at: this.ctx.clock.now().toISOString() });
  }
}

function rowOf(segment: Segment, s: KillSwitchState | undefined, now: number, cancelled: string[]): KillSwitchRow {
  return {
    segment,
    on: killSwitchOn(s, now),
    onAt: s ? new Date(s.onAt).toISOString() : null,
    until: s ? new Date(s.until).toISOString() : null,
    reason: s?.reason ?? "",
    cancelled,
  };
}
