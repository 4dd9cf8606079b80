import { useSelector } from "@legendapp/state/react";
import { useEffect, useState } from "react";
import { valueFromMarket } from "../../core/rules/alertCondition";
import { alertOrderLine, type AlertCondition } from "../../core/rules/alerts";
import { alertOrderOf, type AlertOrder } from "../../commands/alertOrder";
import { restrictAfterDot } from "../../core/rules/inputRestrictions";
import { baskets$, loadBaskets } from "../../data/stores/baskets";
import type { AlertModifyInit } from "../../data/stores/dialogs";
import { CommandForm } from "../dialogs/CommandForm";
import { Modal } from "../dialogs/Modal";
import { InstrumentField } from "./InstrumentField";
import "./alerts.css";

/** The conditions offered (src/core/rules/alertCondition.ts), with the value field each asks for. */
const CONDITIONS: Array<[AlertCondition, string, string]> = [
  ["ABOVE", "Price at or above", "Price (₹)"],
  ["BELOW", "Price at or below", "Price (₹)"],
  ["DAY_HIGH", "Crosses the day's high", ""],
  ["DAY_LOW", "Crosses the day's low", ""],
  ["CHANGE", "Change from previous close, either way (%)", "Change (%)"],
  ["CHANGE_ABOVE", "Change from previous close at or above (%)", "Change (%, -2 is down 2%)"],
  ["CHANGE_BELOW", "Change from previous close at or below (%)", "Change (%, -2 is down 2%)"],
  ["VOLUME_ABOVE", "Day's volume at or above", "Volume (units)"],
  ["OI_ABOVE", "Open interest at or above (futures and options)", "Open interest (units)"],
];

type Then = "NONE" | "BASKET" | "ORDER";

/**
 * The order the line places, as it is set when Enter saves the alert (commands/alertOrder.ts): its
 * product, the order window's for the same words when the line names none, is shown here and kept
 * with the alert, so what fires is what was shown (FINDINGS-26 s2). A sale that reduces a position
 * held in another product (out of the demat while an INTRADAY long is open) is said in red, as the
 * GTT form says it. Read a moment after the typing stops; nothing while the line is not yet an order.
 */
function OrderPlaced({ line }: { line: string }) {
  const [read, setRead] = useState<{ line: string; order: AlertOrder } | undefined>(undefined);
  useEffect(() => {
    const typed = line.trim();
    if (!typed) return;
    let current = true;
    const t = setTimeout(() => {
      void alertOrderOf(typed).then((o) => {
        if (current && typeof o !== "string") setRead({ line: typed, order: o });
      });
    }, 300);
    return () => {
      current = false;
      clearTimeout(t);
    };
  }, [line]);
  const order = read?.line === line.trim() ? read.order : undefined;
  if (!order) return null;
  return (
    <>
      <p className="muted alert-note" data-testid="alert-order-placed">
        Places {alertOrderLine(order.leg)}
      </p>
      {order.warning && (
        <div className="alert-other-product" data-testid="alert-other-product" role="status">
          {order.warning}
        </div>
      )}
    </>
  );
}

/**
 * Create an alert: instrument, condition, value, and what it places when it fires (issue 33: a
 * basket, or one order line, placed once by the broker). Enter saves; a refusal is shown here and
 * the dialog stays. Given `modify` (`m` on an alert), it opens on that alert's terms, its
 * instrument fixed, and Enter modifies it.
 */
export function AlertDialog({ instrument, modify }: { instrument: string; modify?: AlertModifyInit }) {
  const [symbol, setSymbol] = useState(instrument);
  const [condition, setCondition] = useState<AlertCondition>(modify?.condition ?? "ABOVE");
  const [value, setValue] = useState(modify ? String(modify.value) : "");
  const [then, setThen] = useState<Then>(modify?.thenBasket ? "BASKET" : modify?.thenOrder ? "ORDER" : "NONE");
  const [basket, setBasket] = useState(modify?.thenBasket ?? "");
  const [line, setLine] = useState(modify?.thenOrder ?? "");
  const baskets = useSelector(() => baskets$.baskets.get());
  useEffect(() => {
    if (then === "BASKET") void loadBaskets();
  }, [then]);
  const valueLabel = CONDITIONS.find(([c]) => c === condition)?.[2] ?? "";
  const signed = condition === "CHANGE_ABOVE" || condition === "CHANGE_BELOW";
  const chosenBasket = basket || baskets[0]?.basketName || "";
  const args = {
    instrument: symbol,
    condition,
    value: Number(value) || 0,
    ...(then === "BASKET" && chosenBasket ? { thenBasket: chosenBasket } : {}),
    ...(then === "ORDER" ? { thenOrder: line } : {}),
  };
  return (
    <Modal title={modify ? "Modify alert" : "Create alert"}>
      <CommandForm dialog="alert" call={modify ? { commandId: "alert.modify.submit", args: { ...args, alertId: modify.alertId } } : { commandId: "alert.submit", args }} className="confirm-body alert-form" testId="alert-dialog" submit={modify ? "Modify alert" : "Create alert"}>
        <InstrumentField label={modify ? "Instrument" : "Instrument (INFY or NSE:INFY)"} given={instrument} value={symbol} onChange={setSymbol} fixed={modify !== undefined} />
        <label className="login-field">
          <span>Alert when</span>
          <select aria-label="Condition" value={condition} onChange={(e) => setCondition(e.target.value as AlertCondition)}>
            {CONDITIONS.map(([c, label]) => (
              <option key={c} value={c}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {valueFromMarket(condition) ? (
          <p className="muted alert-note">The broker takes the day&apos;s {condition === "DAY_HIGH" ? "high" : "low"} when you save; the alert fires on the first trade {condition === "DAY_HIGH" ? "above" : "below"} it.</p>
        ) : (
          <label className="login-field">
            <span>{valueLabel}</span>
            {/* "restrict-after-dot allows at most 6 digits after the decimal point" */}
            <input data-autofocus={instrument ? true : undefined} aria-label={valueLabel} inputMode="decimal" autoComplete="off" value={value} onChange={(e) => setValue(signed && e.target.value.startsWith("-") ? `-${restrictAfterDot(e.target.value.slice(1))}` : restrictAfterDot(e.target.value))} />
          </label>
        )}
        <label className="login-field">
          <span>When it fires, place</span>
          <select aria-label="When it fires, place" value={then} onChange={(e) => setThen(e.target.value as Then)}>
            <option value="NONE">Nothing (a toast only)</option>
            <option value="BASKET">A basket</option>
            <option value="ORDER">An order line</option>
          </select>
        </label>
        {then === "BASKET" &&
          (baskets.length === 0 ? (
            <p className="muted alert-note">You have no baskets: make one with basket new NAME.</p>
          ) : (
            <label className="login-field">
              <span>Basket</span>
              <select aria-label="Basket" value={chosenBasket} onChange={(e) => setBasket(e.target.value)}>
                {baskets.map((b) => (
                  <option key={b.basketId} value={b.basketName}>
                    {b.basketName}
                  </option>
                ))}
              </select>
            </label>
          ))}
        {then === "ORDER" && (
          <label className="login-field">
            <span>Order line (buy INFY 10 @ 1551), placed once</span>
            <input aria-label="Order line" autoComplete="off" spellCheck={false} value={line} onChange={(e) => setLine(e.target.value)} />
          </label>
        )}
        {then === "ORDER" && <OrderPlaced line={line} />}
      </CommandForm>
    </Modal>
  );
}
