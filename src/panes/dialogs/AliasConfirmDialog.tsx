import { useEffect, useState } from "react";
import type { AliasLeg } from "../../core/rules/alias";
import { runCommand } from "../../commands/run";
import { formatPrice, groupIndian, productLabel } from "../../core/format";
import { legOrderRequest } from "../../core/rules/basketRun";
import { isCurrencyExchange, type Exchange } from "../../core/types/exchange";
import type { OrderRequest } from "../../core/types/order";
import { basketCharges } from "../../data/stores/baskets";
import { readSpanMargin } from "../../data/reads";
import { Modal } from "./Modal";
import { KeyHint } from "../views/KeyHint";

/** The legs, the margin of the whole set (one SPAN call, as a basket's) and the charges; Enter places them once each. */
export function AliasConfirmDialog({ title, legs, runId }: { title: string; legs: AliasLeg[]; runId: string }) {
  const [margin, setMargin] = useState<number | null | undefined>(undefined);
  const [charges, setCharges] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void readSpanMargin(legs.map((l) => ({ exchange: l.exchange, instrumentId: String(l.token), transactionType: l.transType, quantity: l.qty }))).then(
      (r) => live && setMargin(r.ok ? (r.rows[0]?.totalMargin ?? null) : null),
    );
    basketCharges(legs).then((c) => live && setCharges(c ?? null), () => live && setCharges(null));
    return () => {
      live = false;
    };
  }, [legs]);
  const money = (v: number | null | undefined) => (v === undefined ? "checking…" : v === null ? "unavailable" : `₹${groupIndian(v)}`);
  const place = () => void runCommand("alias.fire", { legs, runId });
  return (
    <Modal title={title} wide>
      <div className="confirm-body" data-testid="alias-confirm">
        <table className="grid" aria-label="Orders of the alias">
          <thead>
            <tr>
              <th>Line</th>
              <th>Side</th>
              <th>Contract</th>
              <th className="num">Qty</th>
              <th>Order</th>
              <th>Product</th>
              <th>Validity</th>
            </tr>
          </thead>
          <tbody>
            {legs.map((l) => {
              // Every cell from the request the leg places (rules/basketRun.ts), so what is confirmed is what is sent.
              const req = legOrderRequest(l, runId, l.amo);
              return (
                <tr key={l.scripId}>
                  <td className="muted">{l.line}</td>
                  <td className={req.transactionType === "BUY" ? "side-buy" : "side-sell"}>{req.transactionType}</td>
                  <td>{l.tradingSymbol}</td>
                  <td className="num">{quantityText(req.quantity, req.exchange, l)}</td>
                  <td>{orderTerms(req)}</td>
                  <td>{productLabel(req.product)}</td>
                  <td>{req.validity}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p>
          Margin for the set <b data-testid="alias-margin">{money(margin)}</b> · Charges <b>{money(charges)}</b>
        </p>
      </div>
      <footer className="modal-actions">
        <button type="button" className="btn" onClick={() => void runCommand("dialog.close")}>
          Close <KeyHint command="dialog.close" />
        </button>
        <button type="button" className="btn btn-primary" data-autofocus onClick={place}>
          Place {legs.length} orders <kbd>Enter</kbd>
        </button>
      </footer>
    </Modal>
  );
}

/** "LIMIT ₹120.50", "SL trigger ₹119.00 @ ₹118.50", "SL-M trigger ₹119.00", "MARKET"; "(AMO)" when it goes after market. */
function orderTerms(req: OrderRequest): string {
  const p = (v: number) => `₹${formatPrice(v, req.exchange)}`;
  const terms =
    req.orderType === "MARKET" ? "MARKET" : req.orderType === "LIMIT" ? `LIMIT ${p(req.price)}` : req.orderType === "SL" ? `SL trigger ${p(req.slTriggerPrice)} @ ${p(req.price)}` : `SL-M trigger ${p(req.slTriggerPrice)}`;
  return req.orderComplexity === "AMO" ? `${terms} (AMO)` : terms;
}

/** Units as sent; a currency leg also in the lots its line typed ("Commodity and currency quantity is shown in lots"). */
function quantityText(units: number, exchange: Exchange, l: AliasLeg): string {
  if (!isCurrencyExchange(exchange) || l.lotSize <= 0) return groupIndian(units, 0);
  const lots = units / l.lotSize;
  return `${groupIndian(units, 0)} (${lots} lot${lots === 1 ? "" : "s"})`;
}
