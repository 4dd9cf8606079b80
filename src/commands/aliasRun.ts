import { notify } from "../core/notify";
import { fireLegs } from "../core/rules/basketRun";
import { fetchSecurityInfo, findTypedInstrument, orderResult, placeOrder } from "../data/api/orders";
import { randomId } from "../data/deviceId";
import { refreshOrders } from "../data/stores/orders";
import { openOverlay } from "../data/stores/ui";
import { newOrderPcode } from "../data/stores/orderWindow";
import { resolveContractLine } from "./contractLine";
import type { OrderDraft } from "./grammar/order";
import { typedExchange } from "./instrumentWord";
import type { AliasLeg } from "../core/rules/alias";
import { aliasLegOf } from "./aliasLegs";

/**
 * Several orders from one alias line (issue 19): each is resolved to its contract now (contract
 * words from the live spot), then shown in one confirmation with the margin of the whole set and
 * the charges, and placed like a basket: each once, under a key of the run made here.
 * The product, when the line names none, is the one the order window opens with (rules/defaultProduct.ts).
 */
export async function confirmAliasOrders(title: string, drafts: readonly OrderDraft[], lines: readonly string[]): Promise<void> {
  const legs: AliasLeg[] = [];
  for (const [i, d] of drafts.entries()) {
    const made = await resolveLineLeg(d, lines[i]!, i + 1);
    if (!made) return;
    if (!made.ok) {
      notify({ kind: "danger", text: made.reason });
      return;
    }
    legs.push(made.leg);
  }
  openOverlay({ kind: "aliasConfirm", title, legs, runId: `al-${randomId()}` });
}

/**
 * One order line resolved to its contract now (contract words from the live spot) and made a leg by
 * the alias's rules (aliasLegs.ts); an alias line and an alert's order line (issue 33) go this one
 * way. Undefined when the contract words found nothing (resolveContractLine has said so).
 */
export async function resolveLineLeg(d: OrderDraft, line: string, scripId: number, from?: string): Promise<ReturnType<typeof aliasLegOf> | undefined> {
  // A share typed bare means the default exchange here as everywhere a symbol is typed (instrumentWord.ts).
  let exchange = typedExchange(d.symbol, d.exchange);
  let token: string | undefined;
  if (d.contract) {
    const c = await resolveContractLine(d.symbol, d.contract, d.exchange);
    if (!c) return undefined;
    ({ exchange, token } = c);
  } else {
    // A bare contract symbol is found on whichever exchange lists it (data/api/orders.ts findTypedInstrument).
    const found = await findTypedInstrument({ exchange, symbol: d.symbol, exchangeTyped: d.exchange !== undefined }).catch(() => undefined);
    if (found) ({ exchange, token } = found);
  }
  // The contract itself: its trading symbol for the confirmation, its lot size for the quantity sent.
  const contract = token ? await fetchSecurityInfo({ exchange, token }).then((e) => e.result?.[0], () => undefined) : undefined;
  if (!contract) return { ok: false, reason: `${line}: unknown symbol ${d.symbol} on ${exchange}` };
  // No product word: the order window's for the same words, read now (rules/defaultProduct.ts).
  return aliasLegOf(d, line, contract, scripId, from, newOrderPcode(contract.exchange));
}

/** Places the confirmed legs; a second Enter or a retry of the same run places nothing twice. */
export async function fireAliasOrders(legs: readonly AliasLeg[], runId: string): Promise<void> {
  const report = await fireLegs(
    legs,
    runId,
    async (req) => {
      const e = await placeOrder(req);
      const r = orderResult(e.result?.[0]);
      return { status: r?.status ?? e.status, message: r?.message ?? e.message, orderNo: r?.orderNo };
    },
    (leg) => legs.find((l) => l.scripId === leg.scripId)?.amo ?? false,
  );
  const placed = report.filter((r) => r.placed).length;
  const refused = report.flatMap((r) => (r.placed ? [] : [`${legs.find((l) => l.scripId === r.scripId)?.tradingSymbol}: ${r.message}`]));
  notify({ kind: placed === report.length ? "success" : "danger", text: `Alias placed ${placed} of ${report.length} orders${refused.length ? `. ${refused.join("; ")}` : ""}` });
  await refreshOrders();
}
