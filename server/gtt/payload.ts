import { checkGttAgainstContract, readGttCancelPayload, readGttPlacePayload } from "../../src/core/rules/gttPayload.js";
import type { GttCancelBody, GttPlaceBody } from "../../src/core/wire/gtt.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import type { GttPlacePayload, GttTriggerType } from "../../src/core/types/gtt.js";
import type { Instrument } from "../market/types.js";
import { ERROR_CATALOGUE } from "../../src/core/errors.js";
import { formatPrice } from "../../src/core/format.js";
import { gttTrailProblem, trailedLeg } from "../../src/core/rules/gttTrail.js";
import type { StopTrail } from "../../src/core/rules/trail.js";

/**
 * The broker's reading of the wrapper's GTT payloads: the shared pure rules of
 * src/core/rules/gttPayload.ts (fields, fixed values, sides, lot and tick), plus what only the
 * broker knows (the instrument and its last price). Every refusal is a Msg the client shows as is.
 *
 * A leg of the payload carries TriggerPrice (the price that fires it) and EntryPrice (the limit
 * price of the order it then places); in the GTT list the same pair is Price1 (trigger) and
 * EntryPrice1 (limit), as src/core/types/gtt.ts reads them. Leg1 is the SINGLE trigger or the OCO
 * target, Leg2 the OCO stop-loss.
 */
export interface GttLegSpec {
  trigger: number;
  price: number;
}

export interface GttSpec {
  exchange: Exchange;
  token: number;
  side: "B" | "S";
  triggerType: GttTriggerType;
  qty: number;
  leg1: GttLegSpec;
  /** Zeros for SINGLE. */
  leg2: GttLegSpec;
  /** Issue 33: the stop leg's trail (the SINGLE's leg1, the OCO's leg2), moved by the engine; null for none. */
  trail: StopTrail | null;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; Msg: string };

/** Place (order/placeordergtt) or modify (order/modifyordergtt, with GTTID): a body its schema accepted. */
export function parsePlacePayload(raw: GttPlaceBody): Parsed<{ spec: GttSpec; payload: GttPlacePayload; gttId?: string }> {
  const p = readGttPlacePayload(raw);
  if (!p.ok) return p;
  const token = Number(p.value.ScripCode);
  if (!Number.isInteger(token) || token <= 0) return { ok: false, Msg: "ScripCode must be a positive whole number" };
  const v = p.value;
  const spec: GttSpec = {
    exchange: p.exchange,
    token,
    side: v.GTTBuySell,
    triggerType: v.TriggerType,
    qty: v.Qty,
    leg1: { trigger: v.Leg1.TriggerPrice, price: v.Leg1.EntryPrice },
    leg2: v.TriggerType === "OCO" ? { trigger: v.Leg2.TriggerPrice, price: v.Leg2.EntryPrice } : { trigger: 0, price: 0 },
    trail: v.TrailValue !== undefined ? { value: v.TrailValue, unit: v.TrailUnit ?? "POINTS", jump: v.TrailJump ?? 0 } : null,
  };
  return { ok: true, value: { spec, payload: v, ...(v.GTTID ? { gttId: v.GTTID } : {}) } };
}

export function cancelledGttId(raw: GttCancelBody): string {
  return readGttCancelPayload(raw).GTTID;
}

/**
 * The checks that need the contract and the last price. An OCO's target and stop-loss must lie on
 * opposite sides of the last price (target above for a sell, below for a buy, as the 5 percent
 * defaults place them); any trigger equal to the last price would fire at once, so it is refused.
 */
export function checkAgainstMarket(spec: GttSpec, payload: GttPlacePayload, instrument: Instrument, ltp: number): string | undefined {
  if (instrument.isIndex) return `${instrument.tradingSymbol} is an index and cannot be traded`;
  const own = checkGttAgainstContract(payload, instrument);
  if (!own.ok) return own.Msg;
  // In the form's words and the screen's prices: "Leg1 TriggerPrice ... 1300.2" read as the wire's field names.
  const last = `₹${formatPrice(ltp, instrument.exchange)}`;
  const legs = spec.triggerType === "OCO" ? [spec.leg1, spec.leg2] : [spec.leg1];
  for (const [i, l] of legs.entries()) {
    const name = spec.triggerType === "OCO" ? (i === 0 ? "The target trigger" : "The stop-loss trigger") : "The trigger";
    if (l.trigger === ltp) return `${name} equals the last price ${last}; it would trigger at once`;
  }
  if (spec.trail) {
    const leg = trailedLeg(spec.triggerType) === 1 ? spec.leg1 : spec.leg2;
    const bad = gttTrailProblem({ side: spec.side, triggerType: spec.triggerType, trigger: leg.trigger, price: leg.price }, spec.trail, ltp, instrument.tickSize);
    if (bad) return `${bad.code}: ${ERROR_CATALOGUE[bad.code]}: ${bad.detail}`;
  }
  if (spec.triggerType === "OCO") {
    const targetAbove = spec.side === "S";
    const targetOk = targetAbove ? spec.leg1.trigger > ltp : spec.leg1.trigger < ltp;
    const stopOk = targetAbove ? spec.leg2.trigger < ltp : spec.leg2.trigger > ltp;
    if (!targetOk || !stopOk) {
      return targetAbove
        ? `For a sell OCO the target trigger must be above and the stop-loss trigger below the last price ${last}`
        : `For a buy OCO the target trigger must be below and the stop-loss trigger above the last price ${last}`;
    }
  }
  return undefined;
}
