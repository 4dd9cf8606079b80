import type { Exchange } from "./exchange";
import type { Product, TrailUnit, TransactionType } from "./order";
import type { GttCancelBody, GttModifyBody, GttPlaceBody } from "../wire/gtt";
import type { Static } from "../wire/schema";

type GttModifyWire = Static<typeof GttModifyBody>;

export const GTT_TRIGGER_TYPES = ["SINGLE", "OCO"] as const;

/** A GTT's life (Tape's addition to the list entry): ACTIVE until it triggers, is cancelled, fails to place its order, or expires. */
export const GTT_STATUSES = ["ACTIVE", "TRIGGERED", "CANCELLED", "FAILED", "EXPIRED"] as const;
export type GttStatus = (typeof GTT_STATUSES)[number];
export type GttTriggerType = (typeof GTT_TRIGGER_TYPES)[number];

/** An entry of order/getorderlist Data (trading-core section 3, "GTT entry"), as the wire carries it (src/core/wire/gtt.ts). */
export type { GttEntry } from "../wire/gtt";
import type { GttEntry } from "../wire/gtt";

/** The GTT entry with its derived fields (section 3). */
export interface GttOrderView {
  entry: GttEntry;
  exchange: Exchange;
  token: string;
  topic: string;
  orderComplexity: "GTT";
  product: Product;
  validity: "DAY";
  quantity: number;
  orderType: GttTriggerType;
  pdc: number;
  ltp: number;
  /** The previous last price seen, so a view can show the tick's direction. */
  pltp: number;
  transactionType: TransactionType;
}

/** One leg of a GTT: the price that triggers it and the limit price of the order it then places. */
export interface GttLeg {
  EntryPrice: number;
  TriggerPrice: number;
}

/**
 * POST order/placeordergtt and order/modifyordergtt (section 3, "GTT place payload"), as the app
 * builds it and the broker reads it: the wire body (src/core/wire/gtt.ts) with its numbers as
 * numbers and its fixed values fixed; the assertion below keeps it within the wire's schema.
 * RequestType "P" places and "M" modifies (the cancel call uses "C"). ExchType is Tape's
 * addition: Exchange alone cannot tell NSE cash from NSE F&O.
 */
export interface GttPlacePayload {
  RequestType: "P" | "M";
  Exchange: string;
  ExchType: string;
  GTTBuySell: "B" | "S";
  TriggerType: GttTriggerType;
  ScripCode: string;
  Qty: number;
  Leg1: GttLeg;
  Leg2: GttLeg;
  NestOrderID: "0";
  PublicIP: string;
  AppSource: "5";
  DeviceID: string;
  GTTProduct: "D";
  JWTToken: string;
  GTTID?: string;
  /** Issue 33: the stop leg's trail (src/core/rules/gttTrail.ts); absent for none. */
  TrailValue?: number;
  TrailUnit?: TrailUnit;
  TrailJump?: number;
}

export interface GttCancelPayload {
  RequestType: "C";
  GTTID: string;
  PublicIP: string;
  AppSource: "5";
  DeviceID: string;
  JWTToken: string;
}

/** What the GTT success rule looks at: the HTTP status, the envelope and result[0].body. */
export interface GttCallOutcome {
  httpStatus: number;
  status: string;
  message: string;
  body: { status: number | string; Msg: string } | undefined;
}

/** What the app sends is what the schemas take: a payload with a field the schema lacks, or of another shape, fails to compile here. */
type Fits<T, Wire> = [T] extends [Wire] ? ([Exclude<keyof T, keyof Wire>] extends [never] ? true : false) : false;
type Assert<T extends true> = T;
export type GttPayloadsFitTheWire = [
  Assert<Fits<GttPlacePayload & { RequestType: "P" }, GttPlaceBody>>,
  Assert<Fits<GttPlacePayload & { RequestType: "M"; GTTID: string }, GttModifyWire>>,
  Assert<Fits<GttCancelPayload, GttCancelBody>>,
];
