import { gttAvailable } from "../../src/core/rules/gtt.js";
import { MAX_QUANTITY } from "../../src/core/rules/orderValidation.js";
import { isOnTick } from "../../src/core/rules/tick.js";
import { fromExchPair, type Exchange } from "../../src/core/types/exchange.js";
import { GTT_TRIGGER_TYPES, type GttTriggerType } from "../../src/core/types/gtt.js";
import type { Instrument } from "../market/types.js";

/**
 * Reading the wrapper's GTT payloads (trading-core section 3, "GTT place payload"; section 7,
 * cancel). Every refusal is a Msg the client shows as is, so each says what is wrong.
 *
 * A leg of the payload carries TriggerPrice (the price that fires it) and EntryPrice (the limit
 * price of the order it then places). In the GTT list the same pair is EntryPrice1 (trigger) and
 * Price1 (limit), following the spec's GTT order shape; Leg1 is the SINGLE trigger or the OCO
 * target, Leg2 the OCO stop-loss (src/core/types/gtt.ts).
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
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; Msg: string };

const no = (Msg: string): { ok: false; Msg: string } => ({ ok: false, Msg });

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function num(v: unknown): number | undefined {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
}

/** The fields every GTT call shares besides JWTToken: PublicIP, AppSource "5", DeviceID. */
function checkSource(p: Record<string, unknown>): string | undefined {
  if (typeof p.PublicIP !== "string") return "PublicIP is required";
  if (p.AppSource !== "5") return 'AppSource must be "5"';
  if (typeof p.DeviceID !== "string" || p.DeviceID.trim() === "") return "DeviceID is required";
  return undefined;
}

function leg(raw: unknown, name: string): Parsed<GttLegSpec> {
  if (!isRecord(raw)) return no(`${name} is required`);
  const trigger = num(raw.TriggerPrice);
  const price = num(raw.EntryPrice);
  if (trigger === undefined || trigger <= 0) return no(`${name} TriggerPrice must be a positive number`);
  if (price === undefined || price <= 0) return no(`${name} EntryPrice must be a positive number`);
  return { ok: true, value: { trigger, price } };
}

/** Place ("P", order/placeordergtt) or modify ("M", order/modifyordergtt, with GTTID). */
export function parsePlacePayload(raw: unknown, requestType: "P" | "M"): Parsed<{ spec: GttSpec; gttId?: string }> {
  if (!isRecord(raw)) return no("The GTT request body is missing");
  if (raw.RequestType !== requestType) return no(`RequestType must be "${requestType}" for this call`);
  const source = checkSource(raw);
  if (source) return no(source);
  if (raw.NestOrderID !== "0") return no('NestOrderID must be "0"');
  if (raw.GTTProduct !== "D") return no('GTTProduct must be "D"');
  let gttId: string | undefined;
  if (requestType === "M") {
    if (typeof raw.GTTID !== "string" && typeof raw.GTTID !== "number") return no("GTTID is required to modify a GTT");
    gttId = String(raw.GTTID);
  }
  const exchange = typeof raw.Exchange === "string" && typeof raw.ExchType === "string" ? fromExchPair(raw.Exchange, raw.ExchType) : undefined;
  if (!exchange) return no("Exchange and ExchType do not name a known exchange");
  if (!gttAvailable(exchange)) return no(`GTT is not available on ${exchange}`);
  if (raw.GTTBuySell !== "B" && raw.GTTBuySell !== "S") return no('GTTBuySell must be "B" or "S"');
  if (!GTT_TRIGGER_TYPES.includes(raw.TriggerType as GttTriggerType)) return no("TriggerType must be SINGLE or OCO");
  const triggerType = raw.TriggerType as GttTriggerType;
  const token = num(raw.ScripCode);
  if (token === undefined || !Number.isInteger(token) || token <= 0) return no("ScripCode must be a positive whole number");
  const qty = num(raw.Qty);
  if (qty === undefined || !Number.isInteger(qty) || qty <= 0) return no("Qty must be a positive whole number");
  if (qty > MAX_QUANTITY) return no(`Qty cannot be more than ${MAX_QUANTITY}`);
  const leg1 = leg(raw.Leg1, "Leg1");
  if (!leg1.ok) return leg1;
  let leg2: GttLegSpec = { trigger: 0, price: 0 };
  if (triggerType === "OCO") {
    const l2 = leg(raw.Leg2, "Leg2");
    if (!l2.ok) return l2;
    leg2 = l2.value;
  }
  return { ok: true, value: { spec: { exchange, token, side: raw.GTTBuySell, triggerType, qty, leg1: leg1.value, leg2 }, gttId } };
}

export function parseCancelPayload(raw: unknown): Parsed<{ gttId: string }> {
  if (!isRecord(raw)) return no("The GTT request body is missing");
  if (raw.RequestType !== "C") return no('RequestType must be "C" to cancel a GTT');
  if (typeof raw.GTTID !== "string" && typeof raw.GTTID !== "number") return no("GTTID is required to cancel a GTT");
  const source = checkSource(raw);
  if (source) return no(source);
  return { ok: true, value: { gttId: String(raw.GTTID) } };
}

/**
 * The checks that need the contract and the last price. An OCO's target and stop-loss must lie on
 * opposite sides of the last price (target above for a sell, below for a buy, as the 5 percent
 * defaults place them); any trigger equal to the last price would fire at once, so it is refused.
 */
export function checkAgainstMarket(spec: GttSpec, instrument: Instrument, ltp: number): string | undefined {
  if (instrument.isIndex) return `${instrument.tradingSymbol} is an index and cannot be traded`;
  if (spec.qty % instrument.lotSize !== 0) return `Qty must be a multiple of the lot size ${instrument.lotSize}`;
  const legs = spec.triggerType === "OCO" ? [spec.leg1, spec.leg2] : [spec.leg1];
  for (const [i, l] of legs.entries()) {
    const name = `Leg${i + 1}`;
    if (!isOnTick(l.trigger, instrument.tickSize)) return `${name} TriggerPrice must be a multiple of the tick size ${instrument.tickSize}`;
    if (!isOnTick(l.price, instrument.tickSize)) return `${name} EntryPrice must be a multiple of the tick size ${instrument.tickSize}`;
    if (l.trigger === ltp) return `${name} TriggerPrice equals the last price ${ltp}; it would trigger at once`;
  }
  if (spec.triggerType === "OCO") {
    const targetAbove = spec.side === "S";
    const targetOk = targetAbove ? spec.leg1.trigger > ltp : spec.leg1.trigger < ltp;
    const stopOk = targetAbove ? spec.leg2.trigger < ltp : spec.leg2.trigger > ltp;
    if (!targetOk || !stopOk) {
      return targetAbove
        ? `For a sell OCO the target trigger must be above and the stop-loss trigger below the last price ${ltp}`
        : `For a buy OCO the target trigger must be below and the stop-loss trigger above the last price ${ltp}`;
    }
  }
  return undefined;
}
