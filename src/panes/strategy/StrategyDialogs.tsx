import { useSelector } from "@legendapp/state/react";
import { useEffect, useState } from "react";
import { runCommand } from "../../commands/run";
import { formatPrice, groupIndian, productLabel } from "../../core/format";
import type { LegVerdict } from "../../core/strategy/legCheck";
import type { DeskLeg } from "../../core/strategy/legs";
import { deskOrderLeg, legNumber, placementOrderNote } from "../../core/strategy/placement";
import { forms$, IDLE_FORM } from "../../data/stores/forms";
import { refreshRisk, risk$ } from "../../data/stores/risk";
import { benefitOf, checkDeskLegs, legsSwitchedOff, marginOfSet, type DeskMargin } from "../../data/stores/strategy";
import { CommandForm } from "../dialogs/CommandForm";
import { Modal } from "../dialogs/Modal";
import { money } from "./StrategyParts";
import "./strategy.css";

/** A leg's entry price: a price, or empty for the live price. */
export function StrategyEntryDialog({ paneId, legKey, symbol, entry }: { paneId: string; legKey: string; symbol: string; entry: string }) {
  const [value, setValue] = useState(entry);
  return (
    <Modal title={`Entry price: ${symbol}`}>
      <CommandForm dialog="strategyEntry" call={{ commandId: "strategy.leg.entry.submit", args: { paneId, legKey, entry: value } }} submit="Set">
        <label className="login-field">
          <span>Entry price (empty: the fill once placed, else the live price)</span>
          <input data-autofocus aria-label="Entry price" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value.replace(/[^\d.]/g, ""))} onFocus={(e) => e.target.select()} />
        </label>
      </CommandForm>
    </Modal>
  );
}

/**
 * The one confirmation of placing a strategy (issue 31): every leg as it will be sent, the
 * margin of the set against its legs alone (the hedge benefit) and the charges; Enter places
 * them, BUY legs first, each once in this run. A leg its contract would refuse (lot, tick) is
 * marked, and then no leg is sent; a kill switch on over the legs is said before the broker says it.
 */
export function StrategyConfirmDialog({ paneId, legs, runId, amo }: { paneId: string; legs: DeskLeg[]; runId: string; amo: number[] }) {
  const [m, setM] = useState<Omit<DeskMargin, "key"> | undefined>(undefined);
  // Each leg against its contract (lot, tick): undefined while asked.
  const [checks, setChecks] = useState<LegVerdict[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void marginOfSet(legs).then((r) => live && setM(r));
    void checkDeskLegs(legs).then((r) => live && setChecks(r));
    void refreshRisk();
    return () => {
      live = false;
    };
  }, [legs]);
  const switches = useSelector(() => risk$.switches.get());
  const switchedOff = legsSwitchedOff(legs, switches);
  const refused = checks ?? [];
  const { busy, problem } = useSelector(() => forms$.strategyConfirm.get() ?? IDLE_FORM);
  const place = () => void runCommand("strategy.place.confirmed", { paneId, legs, runId, amo });
  const benefit = benefitOf(m === undefined ? undefined : { key: "", ...m });
  const order = [...legs.keys()].sort((a, b) => (legs[a]!.side === legs[b]!.side ? a - b : legs[a]!.side === "BUY" ? -1 : 1));
  return (
    <Modal title={`Place the strategy: ${legs.length} legs`} wide>
      <div className="confirm-body" data-testid="strategy-confirm">
        <table className="grid strategy-confirm" aria-label="Legs to place, in the order they go">
          <thead>
            <tr>
              <th className="num">#</th>
              <th>Side</th>
              <th>Contract</th>
              <th className="num">Qty</th>
              <th>Order</th>
              <th>Product</th>
              {refused.length > 0 && <th>Refused</th>}
            </tr>
          </thead>
          <tbody>
            {order.map((i) => {
              const o = deskOrderLeg(legs[i]!, i);
              const why = refused.find((c) => c.index === i)?.message;
              return (
                <tr key={i} data-leg={o.tradingSymbol} data-refused={why ? "" : undefined}>
                  <td className="num">{legNumber(i)}</td>
                  <td className={o.transType === "BUY" ? "side-buy" : "side-sell"}>{o.transType}</td>
                  <td>{o.tradingSymbol}</td>
                  <td className="num">{groupIndian(o.qty, 0)}</td>
                  <td>{`${o.orderType === "MARKET" ? "MARKET" : `LIMIT ₹${formatPrice(o.price, o.exchange)}`}${amo.includes(o.scripId) ? " (AMO)" : ""}`}</td>
                  <td>{productLabel(o.product)}</td>
                  {refused.length > 0 && <td className="field-error">{why ?? ""}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
        <p>
          Margin of the set <b data-testid="confirm-margin">{money(m?.set)}</b> · legs alone {money(m?.sum)} · hedge benefit {money(benefit)} · charges {money(m?.charges)}
        </p>
        {refused.length > 0 && (
          <p className="field-error" data-testid="confirm-refused">
            {refused.length} of {legs.length} legs would be refused: no leg is sent until every leg is right (<kbd>e</kbd> on a leg sets its entry price).
          </p>
        )}
        {switchedOff.map((line) => (
          <p key={line} className="field-error" data-testid="confirm-kill-switch">
            {line}
          </p>
        ))}
        <p className="muted" data-testid="confirm-order-note">
          {placementOrderNote(legs, benefit)} A second Enter or a retry places no leg twice.
        </p>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
      <footer className="modal-actions">
        <button type="button" className="btn" onClick={() => void runCommand("dialog.close")}>
          Close <kbd>Esc</kbd>
        </button>
        {/* The button Enter presses (it has the focus); while the legs are being placed it presses nothing (submitDialog: one submit in flight). */}
        <button type="button" className="btn btn-primary strategy-place" data-autofocus aria-disabled={busy || refused.length > 0} onClick={place}>
          {busy ? "Placing…" : <>Place {legs.length} orders <kbd>Enter</kbd></>}
        </button>
      </footer>
    </Modal>
  );
}
