/**
 * The single error catalogue of Tape (trading-core section 8). Codes the spec lists carry the
 * spec's meaning; the spec reserves EC900-EC999 and EC801-EC805 for further order, position,
 * holding, margin and account errors without showing their texts, so the texts and the codes
 * marked "Tape" below are Tape's choices. Every EC code the paper broker answers comes from here.
 */
export const ERROR_CATALOGUE = {
  // Listed in the spec.
  EC920: "No positions found",
  EC922: "No holdings found",
  EC916: "No orders found",
  EC938: "No open orders to cancel",
  EC948: "Quantity cannot be more than 50000000",
  EC954: "Quantity must be a multiple of lot size",
  EC993: "Order is not in a valid state to modify",
  EC801: "BSE orders cannot be modified to SL",
  EC802: "Only price is modifiable on sub-leg orders",
  EC803: "Your account is dormant and cannot trade",
  EC804: "Your account is frozen and cannot trade",
  EC805: "Your account is under voluntary freeze and cannot trade",
  EC076: "This service is unavailable for your account type",
  EC876: "This feature is in beta. Request beta access to use it",
  // Tape's codes in the reserved range.
  EC900: "Malformed request",
  EC901: "Invalid exchange",
  EC902: "Instrument not found",
  EC903: "Quantity must be a positive whole number",
  EC904: "DELIVERY and BNPL are allowed only on NSEEQ or BSEEQ",
  EC905: "BO and CO orders are allowed only with INTRADAY",
  EC906: "BO allows only LIMIT or SL orders",
  EC907: "CO allows only LIMIT or MARKET orders",
  EC908: "For a buy SL order the trigger price must be below the price",
  EC909: "For a sell SL order the trigger price must be above the price",
  EC910: "Disclosed quantity cannot exceed quantity",
  EC911: "Disclosed quantity is allowed only on NSEEQ, BSEEQ, MCXCOMM, NSECURR and BSECURR",
  EC912: "Disclosed quantity must be zero for AMO",
  EC913: "IOC validity is not allowed for AMO",
  EC914: "Order tag cannot be longer than 50 characters",
  EC915: "Algo id cannot be longer than 12 characters",
  EC917: "Price must be a multiple of tick size",
  EC918: "Price is outside the circuit limits",
  EC919: "Insufficient funds",
  EC921: "Price is required for this order type",
  EC923: "Trigger price is required for this order type",
  EC924: "Trigger price must be a multiple of tick size",
  EC925: "Trigger price is outside the circuit limits",
  EC926: "Invalid order type",
  EC927: "Invalid product",
  EC928: "Invalid validity",
  EC929: "Invalid transaction type",
  EC930: "Invalid order complexity",
  EC931: "GTD validity is allowed only for commodity orders that are not INTRADAY",
  EC932: "GTD validity needs a valid future validity date",
  EC933: "BO needs a target price and a stop-loss price",
  EC934: "For a buy BO the target must be above and the stop-loss below the price",
  EC935: "For a sell BO the target must be below and the stop-loss above the price",
  EC936: "For a buy CO the stop-loss trigger must be below the price; for a sell CO above it",
  EC937: "Exchange, instrument, side, product and complexity cannot be modified",
  EC939: "Quantity exceeds the freeze quantity",
  EC940: "Trailing stop-loss cannot be negative",
  EC941: "Order not found",
  EC942: "BNPL is not available on this instrument",
  EC943: "Market protection must be between 0 and 100",
  EC944: "Price must be positive",
  EC945: "Quantity cannot be below the filled quantity",
  // Tape's codes for the paper broker's order engine and portfolio (EC946-EC969).
  EC946: "The market is closed for this exchange; place an after-market order",
  EC947: "After-market orders are accepted only while the market is closed",
  EC949: "Insufficient holdings to sell",
  EC950: "Position not found",
  EC951: "This position cannot be converted to that product",
  EC952: "Quantity to convert exceeds the open position",
  EC953: "Amount must be a positive number of rupees",
  EC955: "Order is not in a valid state to cancel",
  EC956: "The market is closed; this leg cannot be exited now",
  // Merge of the orders and rules branches: the rules' conversion codes moved to the orders engine's numbers (EC951, EC952); this one had none.
  EC957: "BO and CO positions cannot be converted",
  // Issue 12: one request may carry at most MAX_ORDERS_PER_REQUEST orders or legs (server/orders/limits.ts).
  EC958: "Too many orders in one request",
  // Issue 16: the idea query's body must be { mode: "all", filters } of by, equal, in or between filters.
  EC959: "Malformed idea filter",
  // Issue 13: baskets (/core/basketorder/..., src/core/rules/basket.ts).
  EC960: "You can keep at most 10 baskets",
  EC961: "A basket can hold at most 20 scrips",
  EC962: "Basket name must be 1 to 40 characters",
  EC963: "A basket with this name already exists",
  EC964: "Basket not found",
  EC965: "Scrip not found in the basket",
  // Tape's: a firing whose confirmation was opened before another window fired the basket.
  EC969: "The basket was fired meanwhile: look at its last run and fire again",
  // Issue 14: the option chain (GET /core/optionchain, server/market/optionChain.ts).
  EC980: "No option chain for this symbol",
  EC981: "No such expiry in this option chain",
  // Issue 20: the feed on an external MQTT broker (server/feed/dynsec.ts).
  EC994: "The live feed could not be set up for this session; try again",
  // Issue 15: the chart pages of the charts host (/charts/lightweight, /charts/tradingview; server/charts/auth.ts).
  EC987: "Chart session missing or expired: open the chart from the app again",
  EC988: "Chart ticket is invalid, used or expired",
  EC989: "Invalid chart parameters",
  // Feedback (issue 17).
  EC975: "Rating must be a whole number from 1 to 5",
  EC976: "Comments must be 1 to 500 characters",
  // Tape: the Discover pages' market lists (EC984-EC986).
  EC984: "Unknown market list: give topGainers, topLosers, weekHigh or weekLow",
  // Issue 17: price alerts and SIPs (src/core/rules/alerts.ts, src/core/rules/sip.ts).
  EC978: "Alert not found",
  EC979: "SIP not found",
  EC990: "Invalid alert",
  EC991: "Invalid SIP",
  // EC992 is the login catalogue's (src/core/errors/auth.ts): a date of birth that is not the account's.
  // Issue 19: order rate limits (ORDER_RATE_LIMIT, src/core/rules/rateLimit.ts).
  EC970: "Order rate limit reached",
  EC971: "More orders in one request than the order rate limit allows",
  // Issue 19: command aliases (src/core/rules/alias.ts, server/aliases/routes.ts).
  EC972: "Alias refused",
  EC973: "Alias not found",
  // Issue 31: saved strategies of the options desk (src/core/strategy/saved.ts, server/strategies/routes.ts).
  EC966: "Strategy not found",
  EC967: "Strategy name must be 1 to 40 characters",
  EC968: "You can keep at most 50 strategies",
  EC977: "A strategy holds 1 to 20 legs",
  // Issue 33, the risk desk (branch i-risk-trail): trailing stops (src/core/rules/trail.ts) and
  // sizing by risk (src/core/rules/riskSize.ts). EC700-EC709 are this branch's.
  EC700: "A trail is allowed only on a regular SL or SL-M order",
  EC701: "Trail must be a positive number of points on the tick size, or a percent above 0 and at most 50",
  EC702: "Trail jump must be 0 or a positive number of points on the tick size",
  EC703: "The stop-loss equals the entry price: there is no risk to size by",
  EC704: "The risk buys less than one lot at this stop-loss",
  EC705: "Risk must be a positive amount in rupees, or a percent of the available margin above 0 and at most 100",
  // Issue 33: the risk desk (src/core/rules/killSwitch.ts, lossLimits.ts; server/risk). EC710-EC719 are its range.
  EC710: "Kill switch is on for this segment: no new orders",
  EC711: "Invalid kill switch",
  EC712: "Daily loss limit reached: trading is stopped for the rest of the day",
  EC713: "Invalid loss limits",
  EC714: "Invalid alert order",
  // Issue 34: drawings on a chart (src/core/charts/drawings; server/charts/drawings.ts). EC743-EC746 are its range.
  EC743: "Invalid drawing",
  EC744: "No such drawing",
  EC745: "Too many drawings on this chart",
  EC746: "Only a horizontal line becomes a price alert, and only with an alert of yours",
  // Issue 34: chart indicators (src/core/charts/indicators; server/chartIndicators). EC740-EC742 are its range.
  EC740: "Unknown indicator",
  EC741: "Invalid indicator settings",
  EC742: "Too many indicators on one chart",
  // Issue 32: named workspaces (src/core/workspace/named.ts; server/workspaces). EC780-EC789 are its range.
  EC780: "Invalid workspace",
  EC781: "No such workspace",
  EC782: "A workspace of that name already exists",
  // Issue 33 (branch i-s33a): order presets (src/core/rules/orderPresets.ts) and bracket templates
  // (src/core/rules/bracket.ts). EC720-EC729 are this branch's.
  EC720: "Invalid order preset",
  EC721: "No bracket template of that name",
  EC722: "Invalid bracket template name",
  EC723: "Bracket target shares must be 1 to 3 shares above 0 that sum to 100 %",
  EC724: "Bracket targets and stop must be positive points, each target further than the one before",
  EC725: "Break-even must be after a whole number of ticks above 0, or after the first target",
  EC726: "A bracket template applies only to a regular LIMIT or MARKET order",
  EC727: "You can keep at most 30 bracket templates",
  EC728: "The quantity gives a bracket target less than one lot",
  EC729: "No order preset for that instrument or segment",
  // Issue 33 (branch i-s33b): alert conditions beyond the last price, an alert's order line, a GTT's trail. EC730-EC739 are its range.
  EC730: "An open-interest alert needs a future or an option: this instrument has no open interest",
  EC731: "There is no day's high or low yet for this instrument: the alert has nothing to cross",
  EC732: "Invalid alert order line",
  EC733: "A GTT trails only a stop: a SINGLE sell below the last price, a SINGLE buy above it, or an OCO's stop-loss leg",
  EC734: "Invalid GTT trail",
  // an alert is modified while it waits; one that fired has done its work.
  EC735: "Only an active alert can be modified",
  // Issue 35, market replay (server/replay). EC750-EC769 are its range.
  EC750: "No recording, import or sample of that date to replay",
  EC751: "The replay date must be YYYY-MM-DD",
  EC752: "No replay is running",
  EC753: "Replay speed must be 1, 2, 5, 10, 50 or 100",
  EC754: "Jump to a time as HH:MM within the replayed day",
  EC755: "Replay action must be speed, pause, resume, step or jump",
  EC756: "This broker cannot switch to a replay: start it with npm start or npm run replay",
  // The tape is still being played to the time the clock moved to: an order would fill at earlier prices (server/replay/moving.ts says the time).
  EC757: "The replay is moving to another time: place or change the order once it has arrived",
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export interface RuleError {
  ok: false;
  code: ErrorCode;
  message: string;
}

export type RuleResult = { ok: true } | RuleError;

export function ruleError(code: ErrorCode, detail?: string): RuleError {
  const base = ERROR_CATALOGUE[code];
  return { ok: false, code, message: detail ? `${base}: ${detail}` : base };
}

export const OK: { ok: true } = { ok: true };

/** "A result whose status starts with EC is an error." */
export function isErrorStatus(status: unknown): boolean {
  return typeof status === "string" && status.startsWith("EC");
}
