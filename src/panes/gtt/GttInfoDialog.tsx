import { useSelector } from "@legendapp/state/react";
import { runCommand } from "../../commands/run";
import { formatDate, formatDateTime, formatPrice, productLabel } from "../../core/format";
import { GTT_STATUS_LABELS, gttStatusOf } from "../../core/rules/gtt";
import { gttEntryFired } from "../../core/rules/gttEvent";
import { gttOrderProduct } from "../../core/rules/gtt";
import { describeTrail, trailOf } from "../../core/rules/trail";
import { istDateKey } from "../../core/time";
import { fromExchPair } from "../../core/types/exchange";
import { gtt$, gttSymbol } from "../../data/stores/gtt";
import { Modal } from "../dialogs/Modal";
import { EmptyState } from "../views/EmptyState";
import { KeyHint } from "../views/KeyHint";

/**
 * GTT info (`i` on the GTT list, FINDINGS-26 s4): the GTT's terms under the names its row and form
 * use, and once it fired, which leg, at what price and the order it placed, in its toast's words.
 */
export function GttInfoDialog({ gttId }: { gttId: string }) {
  const e = useSelector(() => gtt$.entries.get().find((g) => g.GTTID === gttId));
  const symbol = useSelector(() => (e ? gttSymbol(e) : ""));
  const exchange = e ? fromExchPair(e.Exch, e.ExchType) : undefined;
  const close = (
    <footer className="modal-actions">
      <button type="button" className="btn" autoFocus onClick={() => void runCommand("dialog.close")}>Close <KeyHint command="dialog.close" /></button>
    </footer>
  );
  if (!e || !exchange) {
    return (
      <Modal title={`GTT ${gttId}`}>
        <EmptyState title="This GTT is no longer in the GTT list" />
        {close}
      </Modal>
    );
  }
  const p = (n: number) => `₹${formatPrice(n, exchange)}`;
  const side = e.GTTBuySell === "B" ? "BUY" : "SELL";
  const fired = gttEntryFired(e, exchange, symbol);
  const trail = trailOf({ trailValue: e.TrailValue, trailUnit: e.TrailUnit, trailJump: e.TrailJump });
  // Leg1 is the SINGLE's one leg or the OCO's target, Leg2 the OCO's stop-loss; Price is the trigger, EntryPrice the limit (src/core/types/gtt.ts).
  const legs: Array<[string, string]> =
    e.TriggerType === "OCO"
      ? [
          ["Target", `trigger ${p(e.Price1)} @ ${p(e.EntryPrice1)}`],
          ["Stop-loss", `trigger ${p(e.Price2)} @ ${p(e.EntryPrice2)}`],
        ]
      : [["Trigger", `${p(e.Price1)} @ ${p(e.EntryPrice1)}`]];
  const rows: Array<[string, string]> = [
    ["Instrument", `${symbol} (${exchange})`],
    ["Status", GTT_STATUS_LABELS[gttStatusOf(e)]],
    ...(fired ? [[gttStatusOf(e) === "FAILED" ? "Fired" : "Triggered", fired.words] as [string, string]] : []),
    ["Type", e.TriggerType],
    ["Side", side],
    ["Quantity", String(e.Qty)],
    ...legs,
    ...(trail ? [["Trail", describeTrail(trail)] as [string, string]] : []),
    ["Product", productLabel(gttOrderProduct(exchange))],
    ["Placed", e.CreatedAt ? formatDateTime(e.CreatedAt) : "--"],
    ["Expires", e.ExpiresAt ? formatDate(istDateKey(new Date(e.ExpiresAt))) : "--"],
    ["GTT id", e.GTTID],
  ];
  return (
    <Modal title={`GTT ${e.TriggerType} · ${side} ${e.Qty} ${symbol}`} wide>
      <table className="grid kv gtt-info" aria-label="GTT info">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <td>{label}</td>
              <td data-field={label}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {close}
    </Modal>
  );
}
