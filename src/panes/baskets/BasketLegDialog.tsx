import { numberOnly, restrictAfterDot } from "../../core/rules/inputRestrictions";
import { useState } from "react";
import { runCommand } from "../../commands/run";
import type { BasketLeg, LegEdit } from "../../core/rules/basket";
import { PRODUCTS, TRANSACTION_TYPES, type Product, type TransactionType } from "../../core/types/order";
import { closeOverlay } from "../../data/stores/ui";
import { Modal } from "../dialogs/Modal";

declare module "../../data/stores/ui" {
  interface Dialogs {
    /** A leg's quantity, side, product and price; the broker's message when it refuses. */
    basketLeg: { basketId: number; leg: BasketLeg };
  }
}

/** Edit one leg of a basket. Enter saves; the quantity field has the focus. */
export function BasketLegDialog({ basketId, leg }: { basketId: number; leg: BasketLeg }) {
  const [qty, setQty] = useState(String(leg.qty));
  const [transType, setSide] = useState<TransactionType>(leg.transType);
  const [product, setProduct] = useState<Product>(leg.product);
  const [price, setPrice] = useState(String(leg.orderType === "MARKET" ? 0 : leg.price));
  return (
    <Modal title={`Edit leg ${leg.tradingSymbol ?? leg.token}`}>
      <form
        className="confirm-body"
        onSubmit={(e) => {
          e.preventDefault();
          const edit: LegEdit = { qty: Number(qty), transType, product, price: Number(price) || 0 };
          void runCommand("basket.leg.submit", { basketId, scripId: leg.scripId, edit });
        }}
      >
        <label className="login-field">
          <span>Quantity</span>
          <input data-autofocus aria-label="Quantity" inputMode="numeric" value={qty} onChange={(e) => setQty(numberOnly(e.target.value))} onFocus={(e) => e.target.select()} />
        </label>
        <label className="login-field">
          <span>Side</span>
          <select aria-label="Side" value={transType} onChange={(e) => setSide(e.target.value as TransactionType)}>
            {TRANSACTION_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <label className="login-field">
          <span>Product</span>
          <select aria-label="Product" value={product} onChange={(e) => setProduct(e.target.value as Product)}>
            {PRODUCTS.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
        <label className="login-field">
          <span>Price (0 for market)</span>
          <input aria-label="Price" inputMode="decimal" value={price} onChange={(e) => setPrice(restrictAfterDot(e.target.value))} onFocus={(e) => e.target.select()} />
        </label>
        <footer className="modal-actions">
          <button type="button" className="btn" onClick={() => closeOverlay("basketLeg")}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            Save
          </button>
        </footer>
      </form>
    </Modal>
  );
}
