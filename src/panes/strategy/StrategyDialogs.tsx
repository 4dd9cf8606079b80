import { useSelector } from "@legendapp/state/react";
import { Fragment, useEffect, useState } from "react";
import { runCommand } from "../../commands/run";
import { groupIndian, productLabel } from "../../core/format";
import type { LegVerdict } from "../../core/strategy/legCheck";
import type { DeskLeg } from "../../core/strategy/legs";
import { sliceNote } from "../../core/rules/basketSlices";
import { legNumber, orderToPlace, ordersToPlace, placementOrderNote, priceAsSent } from "../../core/strategy/placement";
import { legSlicings } from "../../data/stores/baskets";
import { forms$, IDLE_FORM } from "../../data/stores/forms";
import { refreshRisk, risk$ } from "../../data/stores/risk";
import { benefitOf, checkDeskLegs, legsSwitchedOff, marginOfSet, type DeskMargin } from "../../data/stores/strategy";
import { CommandForm } from "../dialogs/CommandForm";
import { Modal } from "../dialogs/Modal";
import { money } from "./StrategyParts";
import "./strategy.css";
import { KeyHint } from "../views/KeyHint";

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
  // How each order goes: whole, or as slices above its contract's freeze quantity (the basket's rule, basketSlices.ts).
  const [slicing, setSlicing] = useState<Awaited<ReturnType<typeof legSlicings>> | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void marginOfSet(legs).then((r) => live && setM(r));
    void checkDeskLegs(legs).then((r) => live && setChecks(r));
    void legSlicings(ordersToPlace(legs)).then((r) => live && setSlicing(r));
    void refreshRisk();
    return () => {
      live = false;
    };
  }, [legs]);
  const switches = useSelector(() => risk$.switches.get());
  const refused = checks ?? [];
  const { busy, problem } = useSelector(() => forms$.strategyConfirm.get() ?? IDLE_FORM);
  const place = () => void runCommand("strategy.place.confirmed", { paneId, legs, runId, amo });
  const benefit = benefitOf(m === undefined ? undefined : { key: "", ...m });
  // What is sent, BUY legs first (placementWaves); a held leg sends only lots added to it (orderToPlace).
  const toPlace = [...legs.keys()].filter((i) => orderToPlace(legs[i]!, i)).sort((a, b) => (legs[a]!.side === legs[b]!.side ? a - b : legs[a]!.side === "BUY" ? -1 : 1));
  const held = [...legs.keys()].filter((i) => legs[i]!.held);
  // The kill switches over the legs sent: a held leg sends nothing for the broker to refuse.
  const switchedOff = legsSwitchedOff(toPlace.map((i) => legs[i]!), switches);
  // A sliced leg is several orders: the button counts the orders that go, as a basket's does.
  const orderCount = toPlace.reduce((n, i) => {
    const v = slicing?.of(orderToPlace(legs[i]!, i)!);
    return n + (v?.kind === "slices" ? v.slices.length : 1);
  }, 0);
  const title = held.length > 0 ? `Place the strategy: ${toPlace.length} of ${legs.length} legs (${held.length} held)` : `Place the strategy: ${legs.length} legs`;
  return (
    <Modal title={title} wide>
      <div className="confirm-body" data-testid="strategy-confirm">
        <table className="grid strategy-confirm" aria-label="Legs to place, BUY legs first">
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
            {toPlace.map((i) => {
              const o = orderToPlace(legs[i]!, i)!;
              const h = legs[i]!.held;
              const why = refused.find((c) => c.index === i)?.message;
              const slices = slicing && sliceNote(slicing.of(o), slicing.freezeQty(o));
              return (
                <Fragment key={i}>
                  <tr data-leg={o.tradingSymbol} data-refused={why ? "" : undefined}>
                    <td className="num">{legNumber(i)}</td>
                    <td className={o.transType === "BUY" ? "side-buy" : "side-sell"}>{o.transType}</td>
                    <td>
                      {o.tradingSymbol}
                      {h && <span className="muted">{` (added to the ${h.lots} held lot${h.lots === 1 ? "" : "s"})`}</span>}
                    </td>
                    <td className="num">{groupIndian(o.qty, 0)}</td>
                    <td data-field="order">{`${o.orderType === "MARKET" ? "MARKET" : `LIMIT ₹${priceAsSent(o.price, o.exchange)}`}${amo.includes(o.scripId) ? " (AMO)" : ""}`}</td>
                    <td>{productLabel(o.product)}</td>
                    {refused.length > 0 && <td className="field-error">{why ?? ""}</td>}
                  </tr>
                  {/* Under its leg, the whole width: beside the contract it pushed the quantity and order off the dialog. */}
                  {slices && (
                    <tr className="confirm-slices-line">
                      <td />
                      <td className="muted" colSpan={refused.length > 0 ? 6 : 5} data-testid="confirm-slices">
                        {`${o.tradingSymbol} ${slices}`}
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
        {held.length > 0 && (
          <div data-testid="confirm-held">
            <p className="muted">Held (open positions, not sent again):</p>
            <table className="grid strategy-confirm" aria-label="Legs held, not sent">
              <tbody>
                {held.map((i) => {
                  const l = legs[i]!;
                  const h = l.held!;
                  const fewer = l.lots < h.lots ? ` · ${l.lots} of ${h.lots} lots shown: exit the rest from Positions` : "";
                  return (
                    <tr key={i} data-leg={l.symbol}>
                      <td className="num">{legNumber(i)}</td>
                      <td className={l.side === "BUY" ? "side-buy" : "side-sell"}>{l.side}</td>
                      <td>{l.symbol}</td>
                      <td className="num">{groupIndian(h.lots * l.lotSize, 0)}</td>
                      {/* A leg held once placed at MARKET has no price of its own here: its fill is the order book's. */}
                      <td>{`${l.entry === undefined ? "held, placed at MARKET (its fill is in the order book)" : `held at ₹${priceAsSent(l.entry, l.exchange)} average`}${fewer}`}</td>
                      <td>{productLabel(h.product)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <p>
          {/* The set's margin is of every leg, held lots too (what the book needs with the orders in); the charges are of the orders sent. */}
          Margin of the set{held.length > 0 ? " (held lots included)" : ""} <b data-testid="confirm-margin">{money(m?.set)}</b> · legs alone {money(m?.sum)} · hedge benefit {money(benefit)} · charges {money(m?.charges)}
        </p>
        {refused.length > 0 && (
          <p className="field-error" data-testid="confirm-refused">
            {refused.length} of {toPlace.length} legs would be refused: no leg is sent until every leg is right<KeyHint command="strategy.leg.entry">{(k) => <> ({k} on a leg sets its entry price)</>}</KeyHint>.
          </p>
        )}
        {switchedOff.map((line) => (
          <p key={line} className="field-error" data-testid="confirm-kill-switch">
            {line}
          </p>
        ))}
        <p className="muted" data-testid="confirm-order-note">
          {placementOrderNote(toPlace.map((i) => legs[i]!), benefit)} A second Enter or a retry places no leg twice.
        </p>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
      <footer className="modal-actions">
        <button type="button" className="btn" onClick={() => void runCommand("dialog.close")}>
          Close <KeyHint command="dialog.close" />
        </button>
        {/* The button Enter presses (it has the focus); while the legs are being placed it presses nothing (submitDialog: one submit in flight). */}
        <button type="button" className="btn btn-primary strategy-place" data-autofocus aria-disabled={busy || refused.length > 0} onClick={place}>
          {busy ? "Placing…" : <>Place {orderCount} order{orderCount === 1 ? "" : "s"} <kbd>Enter</kbd></>}
        </button>
      </footer>
    </Modal>
  );
}
