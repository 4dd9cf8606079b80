import { closeOverlay } from "../../data/stores/ui";
import type { Position } from "../../core/types";
import { Modal } from "../dialogs/Modal";

declare module "../../data/stores/ui" {
  interface Dialogs {
    positionInfo: { position: Position };
  }
}

/** Position info: every field of trading-core section 3's Position, as the broker sent it. */
const FIELDS: Array<keyof Position> = [
  "exchange", "token", "instrumentId", "tradingSymbol", "product", "type", "netQuantity", "buyQuantity", "sellQuantity",
  "buyPrice", "sellPrice", "dayBuyPrice", "daySellPrice", "realizedPnl", "unRealizedPnl", "pnl",
  "previousDayClose", "ltp", "multiplier", "lotsize",
];

export function PositionInfoDialog({ position: p }: { position: Position }) {
  return (
    <Modal title={`Position info · ${p.tradingSymbol}`}>
      <table className="grid kv" aria-label="Position info">
        <tbody>
          {FIELDS.map((f) => (
            <tr key={f}>
              <td>{f}</td>
              <td>{String(p[f] ?? "") || "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <footer className="modal-actions">
        <button type="button" className="btn" autoFocus onClick={() => closeOverlay()}>Close <kbd>Esc</kbd></button>
      </footer>
    </Modal>
  );
}
