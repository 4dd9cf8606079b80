import { productLabel } from "../../core/format";
import { runCommand } from "../../commands/run";
import type { Position } from "../../core/types";
import { Modal } from "../dialogs/Modal";

/** Position info: every field of trading-core section 3's Position, under the name a trader reads. */
const FIELDS: Array<[keyof Position, string]> = [
  ["tradingSymbol", "Instrument"],
  ["exchange", "Exchange"],
  ["token", "Token"],
  ["instrumentId", "Instrument id"],
  ["product", "Product"],
  ["type", "Order type (BO/CO)"],
  ["netQuantity", "Net quantity"],
  ["buyQuantity", "Bought quantity"],
  ["sellQuantity", "Sold quantity"],
  ["buyPrice", "Average buy price"],
  ["sellPrice", "Average sell price"],
  ["dayBuyPrice", "Today's average buy price"],
  ["daySellPrice", "Today's average sell price"],
  ["realizedPnl", "Realised P&L"],
  ["unRealizedPnl", "Unrealised P&L"],
  ["pnl", "P&L"],
  ["previousDayClose", "Previous close"],
  ["ltp", "Last price"],
  ["multiplier", "Multiplier"],
  ["lotsize", "Lot size"],
];

export function PositionInfoDialog({ position: p }: { position: Position }) {
  return (
    <Modal title={`Position info · ${p.tradingSymbol}`}>
      <table className="grid kv" aria-label="Position info">
        <tbody>
          {FIELDS.map(([f, label]) => (
            <tr key={f}>
              <td>{label}</td>
              <td>{f === "product" ? productLabel(p.product) : String(p[f] ?? "") || "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <footer className="modal-actions">
        <button type="button" className="btn" autoFocus onClick={() => void runCommand("dialog.close")}>Close <kbd>Esc</kbd></button>
      </footer>
    </Modal>
  );
}
