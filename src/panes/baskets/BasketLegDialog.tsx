import { productLabel } from "../../core/format";
import { numberOnly, restrictAfterDot } from "../../core/rules/inputRestrictions";
import { useState } from "react";
import { legNeeds, legProducts, type BasketLeg, type LegEdit } from "../../core/rules/basket";
import { ORDER_TYPES, TRANSACTION_TYPES, type OrderType, type Product, type TransactionType } from "../../core/types/order";
import { CommandForm } from "../dialogs/CommandForm";
import { Modal } from "../dialogs/Modal";

/**
 * Edit one leg of a basket: every field the leg places with, each select listing only what the
 * leg's exchange allows (rules/basket.ts), the price and trigger open only where its type sends
 * them. Enter saves; the quantity field has the focus.
 */
export function BasketLegDialog({ basketId, leg }: { basketId: number; leg: BasketLeg }) {
  const [qty, setQty] = useState(String(leg.qty));
  const [transType, setSide] = useState<TransactionType>(leg.transType);
  const [product, setProduct] = useState<Product>(leg.product);
  const [orderType, setOrderType] = useState<OrderType>(leg.orderType);
  const [price, setPrice] = useState(leg.price > 0 ? String(leg.price) : "");
  const [trigger, setTrigger] = useState(leg.trigger > 0 ? String(leg.trigger) : "");
  const need = legNeeds(orderType);
  const edit: LegEdit = { qty: Number(qty), transType, product, orderType, price: Number(price) || 0, trigger: Number(trigger) || 0 };
  return (
    <Modal title={`Edit leg ${leg.tradingSymbol ?? leg.token}`}>
      <CommandForm dialog="basketLeg" call={{ commandId: "basket.leg.submit", args: { basketId, scripId: leg.scripId, edit } }} submit="Save">
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
            {legProducts(leg.exchange, leg.product).map((p) => (
              <option key={p} value={p}>
                {productLabel(p)}
              </option>
            ))}
          </select>
        </label>
        <label className="login-field">
          <span>Order type</span>
          <select aria-label="Order type" value={orderType} onChange={(e) => setOrderType(e.target.value as OrderType)}>
            {ORDER_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <label className="login-field">
          <span>Price</span>
          <input aria-label="Price" inputMode="decimal" disabled={!need.price} value={need.price ? price : ""} onChange={(e) => setPrice(restrictAfterDot(e.target.value))} onFocus={(e) => e.target.select()} />
        </label>
        <label className="login-field">
          <span>Trigger price</span>
          <input aria-label="Trigger price" inputMode="decimal" disabled={!need.trigger} value={need.trigger ? trigger : ""} onChange={(e) => setTrigger(restrictAfterDot(e.target.value))} onFocus={(e) => e.target.select()} />
        </label>
      </CommandForm>
    </Modal>
  );
}
