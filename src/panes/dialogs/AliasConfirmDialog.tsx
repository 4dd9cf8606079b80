import { useEffect, useState } from "react";
import type { AliasLeg } from "../../commands/aliasRun";
import { runCommand } from "../../commands/run";
import { groupIndian } from "../../core/format";
import { basketCharges } from "../../data/stores/baskets";
import { spanExposure } from "../../data/api/baskets";
import { closeOverlay } from "../../data/stores/ui";
import { Modal } from "./Modal";

declare module "../../data/stores/ui" {
  interface Dialogs {
    /** The combined confirmation of an alias line's orders (issue 19). */
    aliasConfirm: { title: string; legs: AliasLeg[]; runId: string };
  }
}

/** The legs, the margin of the whole set (one SPAN call, as a basket's) and the charges; Enter places them once each. */
export function AliasConfirmDialog({ title, legs, runId }: { title: string; legs: AliasLeg[]; runId: string }) {
  const [margin, setMargin] = useState<number | null | undefined>(undefined);
  const [charges, setCharges] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    spanExposure(legs.map((l) => ({ exchange: l.exchange, instrumentId: String(l.token), transactionType: l.transType, quantity: l.qty })))
      .then((e) => live && setMargin(e.status === "Ok" ? (e.result[0]?.totalMargin ?? null) : null))
      .catch(() => live && setMargin(null));
    basketCharges(legs).then((c) => live && setCharges(c ?? null), () => live && setCharges(null));
    return () => {
      live = false;
    };
  }, [legs]);
  const money = (v: number | null | undefined) => (v === undefined ? "checking…" : v === null ? "unavailable" : `₹${groupIndian(v)}`);
  const place = () => {
    closeOverlay("aliasConfirm");
    void runCommand("alias.fire", { legs, runId });
  };
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
              <th>Type</th>
              <th>Product</th>
            </tr>
          </thead>
          <tbody>
            {legs.map((l) => (
              <tr key={l.scripId}>
                <td className="muted">{l.line}</td>
                <td className={l.transType === "BUY" ? "side-buy" : "side-sell"}>{l.transType}</td>
                <td>{l.tradingSymbol}</td>
                <td className="num">{l.qty}</td>
                <td>{l.orderType === "MARKET" ? "MKT" : `${l.orderType} ${l.price}`}</td>
                <td>{l.product}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          Margin for the set <b data-testid="alias-margin">{money(margin)}</b> · Charges <b>{money(charges)}</b>
        </p>
      </div>
      <footer className="modal-actions">
        <button type="button" className="btn" onClick={() => closeOverlay()}>
          Cancel <kbd>Esc</kbd>
        </button>
        <button type="button" className="btn btn-primary" data-autofocus onClick={place}>
          Place {legs.length} orders <kbd>Enter</kbd>
        </button>
      </footer>
    </Modal>
  );
}
