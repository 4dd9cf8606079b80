import type { Exchange } from "./exchange";
import type { Product, TransactionType } from "./order";

export const GTT_TRIGGER_TYPES = ["SINGLE", "OCO"] as const;
export type GttTriggerType = (typeof GTT_TRIGGER_TYPES)[number];

/**
 * An entry of order/getorderlist Data (trading-core section 3, "GTT entry"). The leg prices use the
 * names of the spec's GTT order shape (EntryPrice1/Price1, EntryPrice2/Price2). The spec does not
 * say which is which; Tape reads "EntryPrice" the same way in every GTT shape: the limit price the
 * order enters at once triggered. So Price1/Price2 are the trigger prices here, as TriggerPrice is
 * in the place payload's legs. Leg1 is the SINGLE trigger or the OCO target; Leg2 the OCO stop-loss.
 */
export interface GttEntry {
  GTTID: string;
  Exch: string;
  ExchType: string;
  ScripCode: string;
  Qty: number;
  TriggerType: GttTriggerType;
  GTTProduct: "D";
  GTTBuySell: "B" | "S";
  EntryPrice1: number;
  Price1: number;
  EntryPrice2: number;
  Price2: number;
}

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
 * POST order/placeordergtt and order/modifyordergtt (section 3, "GTT place payload").
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
