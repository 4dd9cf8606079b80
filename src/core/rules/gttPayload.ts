import type { ContractInfo } from "../types/contract";
import { fromExchPair, toExchPair, type Exchange } from "../types/exchange";
import type { GttCancelPayload, GttLeg, GttPlacePayload, GttTriggerType } from "../types/gtt";
import type { TrailUnit, TransactionType } from "../types/order";
import type { GttCancelBody, GttPlaceBody } from "../wire/gtt";
import { quantityStep } from "./contractValue";
import { gttAvailable } from "./gtt";
import { isOnTick } from "./tick";
import { MAX_QUANTITY } from "./orderValidation";

/** "GTT app source "5"", "GTT product "D"", "NestOrderID fixed "0"" (trading-core sections 3 and 9). */
export const GTT_APP_SOURCE = "5" as const;
export const GTT_PRODUCT = "D" as const;
export const GTT_NEST_ORDER_ID = "0" as const;

export interface GttFormInput {
  exchange: Exchange;
  token: string;
  side: TransactionType;
  triggerType: GttTriggerType;
  quantity: number;
  /** The SINGLE leg or the OCO target. */
  leg1: { triggerPrice: number; price: number };
  /** The OCO stop-loss; ignored for SINGLE. */
  leg2?: { triggerPrice: number; price: number };
  publicIp: string;
  deviceId: string;
  jwtToken: string;
  /** Present when modifying. */
  gttId?: string;
  /** Issue 33: the stop leg's trail; value 0 for none. */
  trail?: { value: number; unit: TrailUnit; jump: number };
}

const leg = (l: { triggerPrice: number; price: number } | undefined): GttLeg => ({ EntryPrice: l?.price ?? 0, TriggerPrice: l?.triggerPrice ?? 0 });

/** The place (or, with gttId, modify) payload of section 3 from the GTT form. SINGLE sends a zero Leg2. */
export function buildGttPayload(f: GttFormInput): GttPlacePayload {
  const { Exch, ExchType } = toExchPair(f.exchange);
  const payload: GttPlacePayload = {
    RequestType: f.gttId ? "M" : "P",
    Exchange: Exch,
    ExchType,
    GTTBuySell: f.side === "BUY" ? "B" : "S",
    TriggerType: f.triggerType,
    ScripCode: f.token,
    Qty: f.quantity,
    Leg1: leg(f.leg1),
    Leg2: f.triggerType === "OCO" ? leg(f.leg2) : leg(undefined),
    NestOrderID: "0",
    PublicIP: f.publicIp,
    AppSource: "5",
    DeviceID: f.deviceId,
    GTTProduct: "D",
    JWTToken: f.jwtToken,
  };
  if (f.gttId) payload.GTTID = f.gttId;
  if (f.trail && f.trail.value > 0) {
    payload.TrailValue = f.trail.value;
    payload.TrailUnit = f.trail.unit;
    payload.TrailJump = f.trail.jump;
  }
  return payload;
}

export type GttParse<T> = { ok: true; value: T; exchange: Exchange } | { ok: false; Msg: string };
type Fail = { ok: false; Msg: string };
const fail = (Msg: string): Fail => ({ ok: false, Msg });

const legOf = (l: { EntryPrice: number | string; TriggerPrice: number | string } | undefined): GttLeg => ({ EntryPrice: Number(l?.EntryPrice ?? 0), TriggerPrice: Number(l?.TriggerPrice ?? 0) });

/**
 * Reads a placeordergtt or modifyordergtt body its wire schema accepted (src/core/wire/gtt.ts:
 * every field's shape and fixed value): the rules between fields, each failure a clear Msg for the
 * answer's body. The venue must be a GTT one; an OCO's legs must lie on their sides (for a sell the
 * target, Leg1, triggers above the stop-loss, Leg2; for a buy below it).
 */
export function readGttPlacePayload(raw: GttPlaceBody): GttParse<GttPlacePayload> {
  const exchange = fromExchPair(raw.Exchange, raw.ExchType);
  if (!exchange) return fail("Invalid Exchange");
  if (!gttAvailable(exchange)) return fail(`GTT is not available on ${exchange}`);
  const Qty = Number(raw.Qty);
  if (Qty > MAX_QUANTITY) return fail(`Qty cannot be more than ${MAX_QUANTITY}`);
  const Leg1 = legOf(raw.Leg1);
  if (!(Leg1.EntryPrice > 0) || !(Leg1.TriggerPrice > 0)) return fail("Leg1 prices must be above zero");
  const oco = raw.TriggerType === "OCO";
  if (oco && !raw.Leg2) return fail("Leg2 is missing");
  const Leg2 = legOf(raw.Leg2);
  if (oco) {
    if (!(Leg2.EntryPrice > 0) || !(Leg2.TriggerPrice > 0)) return fail("Leg2 prices must be above zero");
    const sell = raw.GTTBuySell === "S";
    if (sell ? !(Leg1.TriggerPrice > Leg2.TriggerPrice) : !(Leg1.TriggerPrice < Leg2.TriggerPrice)) {
      return fail(sell ? "For a sell OCO the target trigger must be above the stop-loss trigger" : "For a buy OCO the target trigger must be below the stop-loss trigger");
    }
  }
  const value: GttPlacePayload = {
    RequestType: raw.RequestType,
    Exchange: raw.Exchange,
    ExchType: raw.ExchType,
    GTTBuySell: raw.GTTBuySell,
    TriggerType: raw.TriggerType,
    ScripCode: String(raw.ScripCode).trim(),
    Qty,
    Leg1,
    Leg2,
    NestOrderID: GTT_NEST_ORDER_ID,
    PublicIP: raw.PublicIP,
    AppSource: GTT_APP_SOURCE,
    DeviceID: raw.DeviceID,
    GTTProduct: GTT_PRODUCT,
    JWTToken: raw.JWTToken,
  };
  if (raw.RequestType === "M" && raw.GTTID !== undefined) value.GTTID = String(raw.GTTID).trim();
  const trailValue = Number(raw.TrailValue ?? 0);
  if (trailValue !== 0 || Number(raw.TrailJump ?? 0) !== 0) {
    value.TrailValue = trailValue;
    value.TrailUnit = raw.TrailUnit ?? "POINTS";
    value.TrailJump = Number(raw.TrailJump ?? 0);
  }
  return { ok: true, value, exchange };
}

/** The instrument's own rules: quantity in lots, every price on the tick. */
export function checkGttAgainstContract(p: GttPlacePayload, contract: Pick<ContractInfo, "exchange" | "lotSize" | "tickSize">): { ok: true } | Fail {
  const step = quantityStep(contract.exchange, contract.lotSize);
  if (p.Qty % step !== 0) return fail(`Qty must be a multiple of lot size ${step}`);
  const prices = p.TriggerType === "OCO" ? [p.Leg1.EntryPrice, p.Leg1.TriggerPrice, p.Leg2.EntryPrice, p.Leg2.TriggerPrice] : [p.Leg1.EntryPrice, p.Leg1.TriggerPrice];
  if (!prices.every((x) => isOnTick(x, contract.tickSize))) return fail(`Prices must be multiples of tick size ${contract.tickSize}`);
  return { ok: true };
}

/** A cancelordergtt body its wire schema accepted, as the cancel payload (GTTID as text). */
export function readGttCancelPayload(raw: GttCancelBody): GttCancelPayload {
  return { RequestType: "C", GTTID: String(raw.GTTID).trim(), PublicIP: raw.PublicIP, AppSource: GTT_APP_SOURCE, DeviceID: raw.DeviceID, JWTToken: raw.JWTToken };
}
