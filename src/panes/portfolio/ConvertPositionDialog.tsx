import { productLabel } from "../../core/format";
import { useState } from "react";
import { numberOnly } from "../../core/rules/inputRestrictions";
import { convertTargets } from "../../core/rules/positionConvert";
import type { Position, Product } from "../../core/types";
import { CommandForm } from "../dialogs/CommandForm";
import { Modal } from "../dialogs/Modal";

/** Convert position (trading-core section 2): choose the new product and how much to move; Enter converts (position.convert.send). */
export function ConvertPositionDialog({ position: p }: { position: Position }) {
  const targets = convertTargets(p);
  const open = Math.abs(p.netQuantity);
  const [product, setProduct] = useState<Product | undefined>(targets[0]);
  const [quantity, setQuantity] = useState(String(open));
  return (
    <Modal title={`Convert position · ${p.tradingSymbol}`}>
      <CommandForm dialog="convertPosition" call={{ commandId: "position.convert.send", args: { position: p, product, quantity } }} className="form" label="Convert position" submit="Convert">
        <p className="muted">
          {p.exchange} · {p.netQuantity > 0 ? "long" : "short"} {open} · now {productLabel(p.product)}
        </p>
        <label>
          To product
          <select autoFocus value={product} onChange={(e) => setProduct(e.target.value as Product)} aria-label="To product">
            {targets.map((t) => (
              <option key={t} value={t}>{productLabel(t)}</option>
            ))}
          </select>
        </label>
        <label>
          Quantity
          {/* "Quantity input accepts digits only." */}
          <input inputMode="numeric" value={quantity} onChange={(e) => setQuantity(numberOnly(e.target.value))} aria-label="Quantity" />
          <span className="muted"> of {open}</span>
        </label>
      </CommandForm>
    </Modal>
  );
}
