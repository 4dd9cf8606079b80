import type { FastifyInstance } from "fastify";
import { ERROR_CATALOGUE, ruleError, type RuleError } from "../../src/core/errors.js";
import { chargesInputOf, computeCharges, exchangeGroup, productOfBrokerageCode } from "../../src/core/rules/charges.js";
import { EXCHANGES, fromExchPair, isExchange, toExchPair, type Exchange } from "../../src/core/types/exchange.js";
import type { MarketStatusEntry } from "../../src/core/types/contract.js";
import type { ChargesBreakdown } from "../../src/core/types/orderWindow.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import type { Market } from "../market/types.js";
import { jsonScope } from "./jsonScope.js";
import { numberIn, textIn } from "../http/read.js";

/**
 * The wrapper (common-utilities) calls of trading-core section 7 that the order window uses.
 * Each takes the spec's { head, body } request; head is accepted as sent (request code, key,
 * app version, app name, OS, login id) and the user is the bearer's, never head's login id.
 *   POST /wrapper/formtoken/getMarketStatus  result[0].GetMarket: one entry per exchange
 *   POST /wrapper/formtoken/saveAsmGsm       records the client's answer to a surveillance prompt
 *   POST /wrapper/formtoken/get/brokerage    result[0].data: the charges of the described order
 */
export function registerWrapper(app: FastifyInstance, ctx: BrokerContext, market: Market): void {
  const saveAnswer = ctx.db.prepare(
    "INSERT INTO asm_gsm_answers (user_id, scripcode, exch, exch_type, client_response, msg_content, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  void app.register(async (scope) => {
    jsonScope(scope);

    scope.post("/wrapper/formtoken/getMarketStatus", async (req) => {
      const b = bodyOf(req.body);
      if (!b.ok) return fail(b.code, b.message);
      return ok([{ GetMarket: marketStatus(market, ctx.clock.now()) }]);
    });

    scope.post("/wrapper/formtoken/saveAsmGsm", async (req) => {
      const b = bodyOf(req.body);
      if (!b.ok) return fail(b.code, b.message);
      const { Scripcode, Exch, ExchType, ClientResponse, MsgContent } = b.body;
      const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : undefined);
      const fields = [text(Scripcode), text(Exch), text(ExchType), text(ClientResponse), text(MsgContent)];
      if (fields.some((f) => f === undefined || f === "")) {
        return fail("EC900", `${ERROR_CATALOGUE.EC900}: Scripcode, Exch, ExchType, ClientResponse and MsgContent are required`);
      }
      saveAnswer.run(req.userId, ...(fields as string[]), ctx.clock.now().toISOString());
      return ok([{ status: 0, Msg: "Success" }]);
    });

    scope.post("/wrapper/formtoken/get/brokerage", async (req) => {
      const b = bodyOf(req.body);
      if (!b.ok) return fail(b.code, b.message);
      const r = brokerage(market, b.body);
      return r.ok ? ok([{ data: r.data }]) : fail(r.code, r.message);
    });
  });
}

/** GetMarket entries: AMO "Y" while the exchange's session is closed (AMOs are taken then), "N" while it is open. */
export function marketStatus(market: Market, now: Date): Array<MarketStatusEntry & { exchange: Exchange; MarketStatus: "Open" | "Closed" }> {
  return EXCHANGES.map((exchange) => {
    const open = market.isOpen(exchange, now);
    return { ...toExchPair(exchange), exchange, AMO: open ? "N" : "Y", MarketStatus: open ? "Open" : "Closed" };
  });
}

function bodyOf(raw: unknown): { ok: true; body: Record<string, unknown> } | RuleError {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return ruleError("EC900", "the request must be { head, body }");
  const body = (raw as { body?: unknown }).body;
  if (typeof body !== "object" || body === null || Array.isArray(body)) return ruleError("EC900", "the request has no body object");
  return { ok: true, body: body as Record<string, unknown> };
}

/**
 * The charges request: exchange group (CASH, FNO, CURRENCY, COM) as `exchangeGroup`,
 * scripDetails { scripCode (the token), exchange, exchangeType } where exchange and exchangeType
 * are the wrapper's Exch and ExchType letters (a full exchange code such as "NSEEQ" in exchange
 * is accepted too), orderDetails { orderPrice, product T or D, qty, multiplier, orderType B or S }.
 */
function brokerage(market: Market, body: Record<string, unknown>): { ok: true; data: ChargesBreakdown } | RuleError {
  const scrip = body.scripDetails as Record<string, unknown> | undefined;
  const order = body.orderDetails as Record<string, unknown> | undefined;
  if (typeof scrip !== "object" || scrip === null || typeof order !== "object" || order === null) return ruleError("EC900", "scripDetails and orderDetails are required");
  const exch = textIn(scrip.exchange);
  const exchange = isExchange(exch) ? exch : fromExchPair(exch, textIn(scrip.exchangeType));
  if (!exchange) return ruleError("EC901");
  const group = body.exchangeGroup;
  if (group !== undefined && group !== exchangeGroup(exchange)) {
    return ruleError("EC900", "exchangeGroup must be CASH, FNO, CURRENCY or COM and match the exchange");
  }
  const inst = market.instrument(exchange, numberIn(scrip.scripCode));
  if (!inst) return ruleError("EC902");
  const price = numberIn(order.orderPrice);
  const qty = numberIn(order.qty);
  if (!(price > 0)) return ruleError("EC921");
  if (!Number.isInteger(qty) || qty <= 0) return ruleError("EC903");
  const side = order.orderType === "B" ? "BUY" : order.orderType === "S" ? "SELL" : undefined;
  if (!side) return ruleError("EC929");
  if (order.product !== "T" && order.product !== "D") return ruleError("EC927", "product must be T or D");
  const product = productOfBrokerageCode(order.product, exchange);
  const multiplier = numberIn(order.multiplier) > 0 ? numberIn(order.multiplier) : inst.multiplier;
  return { ok: true, data: computeCharges(chargesInputOf({ ...inst, multiplier }, { product, transactionType: side, quantity: qty, price })) };
}
