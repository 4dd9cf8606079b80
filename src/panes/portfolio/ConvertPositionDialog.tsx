import { useState } from "react";
import { runCommand } from "../../commands/run";
import type { ConvertPositionRequest } from "../../data/api/portfolio";
import { convertTargets } from "../../core/rules/positionConvert";
import { closeOverlay } from "../../data/stores/ui";
import type { Position, Product } from "../../core/types";
import { Modal } from "../dialogs/Modal";

/** Convert position (trading-core section 2): choose the new product and how much to move; Enter converts. */
export function ConvertPositionDialog({ position: p }: { position: Position }) {
  const targets = convertTargets(p);
  const open = Math.abs(p.netQuantity);
  const [product, setProduct] = useState<Product | undefined>(targets[0]);
  const [qty, setQty] = useState(String(open));
  const quantity = Number(qty);
  const valid = product !== undefined && Number.isInteger(quantity) && quantity > 0 && quantity <= open;
  // Enter converts from any field: on a <select> the browser would open the list instead.
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "Enter" && (e.target as HTMLElement).tagName === "SELECT") submit(e);
  };
  const submit = (e: React.FormEvent | React.KeyboardEvent) => {
    e.preventDefault();
    if (!valid) return;
    const req: ConvertPositionRequest = {
      exchange: p.exchange,
      instrumentId: p.token,
      transactionType: p.netQuantity > 0 ? "BUY" : "SELL",
      quantity,
      oldProduct: p.product,
      newProduct: product!,
    };
    closeOverlay();
    void runCommand("position.convert.send", { request: req, symbol: p.tradingSymbol });
  };
  return (
    <Modal title={`Convert position · ${p.tradingSymbol}`}>
      <form className="form" onSubmit={submit} onKeyDown={onKeyDown} aria-label="Convert position">
        <p className="muted">
          {p.exchange} · {p.netQuantity > 0 ? "long" : "short"} {open} · now {p.product}
        </p>
        <label>
          To product
          <select autoFocus value={product} onChange={(e) => setProduct(e.target.value as Product)} aria-label="To product">
            {targets.map((t) => (
              <option key={t} value={t}>{t}</option>
            ))}
          </select>
        </label>
        <label>
          Quantity
          {/* "Quantity input accepts digits only." */}
          <input inputMode="numeric" value={qty} onChange={(e) => setQty(e.target.value.replace(/\D/g, ""))} aria-label="Quantity" />
          <span className="muted"> of {open}</span>
        </label>
        <footer className="modal-actions">
          <button type="button" className="btn" onClick={() => closeOverlay()}>Cancel <kbd>Esc</kbd></button>
          <button type="submit" className="btn btn-primary" disabled={!valid}>Convert <kbd>Enter</kbd></button>
        </footer>
      </form>
    </Modal>
  );
}
