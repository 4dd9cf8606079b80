import type { ContractInfo } from "../types/contract";
import { fromExchPair, toExchPair, type Exchange } from "../types/exchange";
import type { GttCancelPayload, GttLeg, GttPlacePayload, GttTriggerType } from "../types/gtt";
import type { TransactionType } from "../types/order";
import { quantityStep } from "./contractValue";
import { gttAvailable } from "./gtt";
import { isOnTick } from "./tick";
import { MAX_QUANTITY } from "./orderValidation";

/** "GTT app source "5"", "GTT product "D"", "NestOrderID fixed "0"" (trading-core sections 3 and 9). */
export const GTT_APP_SOURCE = "5";
export const GTT_PRODUCT = "D";
export const GTT_NEST_ORDER_ID = "0";

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
  return payload;
}

export type GttParse<T> = { ok: true; value: T; exchange: Exchange } | { ok: false; Msg: string };
type Fail = { ok: false; Msg: string };
const fail = (Msg: string): Fail => ({ ok: false, Msg });

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : typeof v === "number" && Number.isFinite(v) ? String(v) : undefined);
const numOf = (v: unknown): number | undefined => {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v === "string" && /^\s*\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return undefined;
};

function parseLeg(v: unknown, name: string, required: boolean): GttLeg | Fail {
  if (!required && (v === undefined || v === null)) return { EntryPrice: 0, TriggerPrice: 0 };
  if (!isObj(v)) return fail(`${name} is missing`);
  const EntryPrice = numOf(v.EntryPrice);
  const TriggerPrice = numOf(v.TriggerPrice);
  if (EntryPrice === undefined || TriggerPrice === undefined) return fail(`${name} prices must be numbers`);
  if (required && (!(EntryPrice > 0) || !(TriggerPrice > 0))) return fail(`${name} prices must be above zero`);
  return { EntryPrice, TriggerPrice };
}

/**
 * Reads an untrusted placeordergtt or modifyordergtt body. Failures carry a clear Msg for the
 * answer's body (the JWT itself is checked by the broker, which knows the tokens it issued).
 * An OCO's legs must lie on their sides: for a sell the target (Leg1) triggers above the
 * stop-loss (Leg2), for a buy below it.
 */
export function parseGttPlacePayload(raw: unknown, mode: "place" | "modify"): GttParse<GttPlacePayload> {
  if (!isObj(raw)) return fail("Invalid request");
  const wantType = mode === "place" ? "P" : "M";
  if (raw.RequestType !== wantType) return fail(`RequestType must be ${wantType}`);
  const Exch = str(raw.Exchange);
  const ExchType = str(raw.ExchType);
  const exchange = Exch && ExchType ? fromExchPair(Exch, ExchType) : undefined;
  if (!exchange) return fail("Invalid Exchange");
  if (!gttAvailable(exchange)) return fail(`GTT is not available on ${exchange}`);
  if (raw.GTTBuySell !== "B" && raw.GTTBuySell !== "S") return fail("GTTBuySell must be B or S");
  if (raw.TriggerType !== "SINGLE" && raw.TriggerType !== "OCO") return fail("TriggerType must be SINGLE or OCO");
  const ScripCode = str(raw.ScripCode)?.trim();
  if (!ScripCode) return fail("ScripCode is missing");
  const Qty = numOf(raw.Qty);
  if (Qty === undefined || !Number.isInteger(Qty) || Qty <= 0) return fail("Qty must be a positive whole number");
  if (Qty > MAX_QUANTITY) return fail(`Qty cannot be more than ${MAX_QUANTITY}`);
  const Leg1 = parseLeg(raw.Leg1, "Leg1", true);
  if ("ok" in Leg1) return Leg1;
  const oco = raw.TriggerType === "OCO";
  const Leg2 = parseLeg(raw.Leg2, "Leg2", oco);
  if ("ok" in Leg2) return Leg2;
  if (oco) {
    const sell = raw.GTTBuySell === "S";
    if (sell ? !(Leg1.TriggerPrice > Leg2.TriggerPrice) : !(Leg1.TriggerPrice < Leg2.TriggerPrice)) {
      return fail(sell ? "For a sell OCO the target trigger must be above the stop-loss trigger" : "For a buy OCO the target trigger must be below the stop-loss trigger");
    }
  }
  if (str(raw.NestOrderID) !== GTT_NEST_ORDER_ID) return fail('NestOrderID must be "0"');
  if (str(raw.AppSource) !== GTT_APP_SOURCE) return fail('AppSource must be "5"');
  if (raw.GTTProduct !== GTT_PRODUCT) return fail('GTTProduct must be "D"');
  if (typeof raw.DeviceID !== "string" || raw.DeviceID === "") return fail("DeviceID is missing");
  if (typeof raw.PublicIP !== "string") return fail("PublicIP is missing");
  if (typeof raw.JWTToken !== "string" || raw.JWTToken === "") return fail("JWTToken is missing");
  const GTTID = str(raw.GTTID);
  if (mode === "modify" && !GTTID) return fail("GTTID is missing");
  const value: GttPlacePayload = {
    RequestType: wantType,
    Exchange: Exch!,
    ExchType: ExchType!,
    GTTBuySell: raw.GTTBuySell,
    TriggerType: raw.TriggerType,
    ScripCode,
    Qty,
    Leg1,
    Leg2,
    NestOrderID: "0",
    PublicIP: raw.PublicIP,
    AppSource: "5",
    DeviceID: raw.DeviceID,
    GTTProduct: "D",
    JWTToken: raw.JWTToken,
  };
  if (mode === "modify" && GTTID) value.GTTID = GTTID;
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

/** POST order/cancelordergtt: RequestType "C", GTTID, PublicIP, AppSource "5", DeviceID, JWTToken. */
export function parseGttCancelPayload(raw: unknown): { ok: true; value: GttCancelPayload } | Fail {
  if (!isObj(raw)) return fail("Invalid request");
  if (raw.RequestType !== "C") return fail('RequestType must be "C"');
  const GTTID = str(raw.GTTID);
  if (!GTTID) return fail("GTTID is missing");
  if (str(raw.AppSource) !== GTT_APP_SOURCE) return fail('AppSource must be "5"');
  if (typeof raw.DeviceID !== "string" || raw.DeviceID === "") return fail("DeviceID is missing");
  if (typeof raw.PublicIP !== "string") return fail("PublicIP is missing");
  if (typeof raw.JWTToken !== "string" || raw.JWTToken === "") return fail("JWTToken is missing");
  return { ok: true, value: { RequestType: "C", GTTID, PublicIP: raw.PublicIP, AppSource: "5", DeviceID: raw.DeviceID, JWTToken: raw.JWTToken } };
}
