import { groupIndian, productLabel } from "../../core/format";
import { runCommand } from "../../commands/run";
import { withLtp } from "../../core/rules/positions";
import type { Position } from "../../core/types";
import { Modal } from "../dialogs/Modal";
import { usePriceMark } from "../views/priceStale";
import { price, signClass } from "./fmt";
import { useLtp } from "./live";
import { KeyHint } from "../views/KeyHint";

/** How a field reads: prices in the exchange's decimals, rupee amounts signed and coloured, quantities grouped; the rest as they are. */
type Shown = "price" | "amount" | "quantity" | "text";

/** Position info: every field of trading-core section 3's Position, under the name a trader reads. */
const FIELDS: Array<[keyof Position, string, Shown]> = [
  ["tradingSymbol", "Instrument", "text"],
  ["exchange", "Exchange", "text"],
  ["token", "Token", "text"],
  ["instrumentId", "Instrument id", "text"],
  ["product", "Product", "text"],
  ["type", "Order type (BO/CO)", "text"],
  ["netQuantity", "Net quantity", "quantity"],
  ["buyQuantity", "Bought quantity", "quantity"],
  ["sellQuantity", "Sold quantity", "quantity"],
  ["buyPrice", "Average buy price", "price"],
  ["sellPrice", "Average sell price", "price"],
  ["dayBuyPrice", "Today's average buy price", "price"],
  ["daySellPrice", "Today's average sell price", "price"],
  ["realizedPnl", "Realised P&L", "amount"],
  ["unRealizedPnl", "Unrealised P&L", "amount"],
  ["pnl", "P&L", "amount"],
  ["previousDayClose", "Previous close", "price"],
  ["ltp", "Last price", "price"],
  ["multiplier", "Multiplier", "text"],
  ["lotsize", "Lot size", "quantity"],
];

/**
 * Live as the row beside it is: the last price, and the P&L worked from it, follow the feed (the
 * dialog read the position as it was when opened, and disagreed with its own row within a tick).
 */
export function PositionInfoDialog({ position }: { position: Position }) {
  const ltp = useLtp(position.exchange, position.token, position.ltp);
  const mark = usePriceMark(position.exchange, position.token, position.tradingSymbol);
  const p = withLtp(position, ltp);
  const cell = (f: keyof Position, shown: Shown) => {
    const v = p[f];
    if (f === "product") return productLabel(p.product);
    if (typeof v === "number" && shown === "price") return price(v, p.exchange);
    if (typeof v === "number" && shown === "amount") return price(v);
    if (typeof v === "number" && shown === "quantity") return groupIndian(v, 0);
    return String(v ?? "") || "—";
  };
  const live = (f: keyof Position) => f === "ltp" || f === "unRealizedPnl" || f === "pnl";
  return (
    <Modal title={`Position info · ${p.tradingSymbol}`}>
      <table className="grid kv" aria-label="Position info">
        <tbody>
          {FIELDS.map(([f, label, shown]) => (
            <tr key={f}>
              <td>{label}</td>
              <td className={["num", shown === "amount" ? signClass(p[f] as number) : ""].filter(Boolean).join(" ")} data-field={f} data-stale={live(f) ? mark.stale : undefined} title={live(f) ? mark.title : undefined}>
                {cell(f, shown)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <footer className="modal-actions">
        <button type="button" className="btn" autoFocus onClick={() => void runCommand("dialog.close")}>Close <KeyHint command="dialog.close" /></button>
      </footer>
    </Modal>
  );
}
