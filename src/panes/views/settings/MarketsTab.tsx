import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { runCommand } from "../../../commands/run";
import { DEFAULT_EXCHANGES, type DefaultExchange } from "../../../core/search/defaultExchange";
import { fromExchPair, type Segment } from "../../../core/types/exchange";
import type { Pcode } from "../../../core/types/orderWindow";
import { productLabel } from "../../../core/format";
import { marketStatus$, refreshMarketStatus } from "../../../data/stores/marketStatus";
import { settings$ } from "../../../data/stores/settings";
import { SETTING_LABEL } from "../../../core/rules/settingToggles";

/** The products a new order may open on, per segment (BO and CO are order types; BNPL depends on the scrip). */
const PRODUCTS: Record<Segment, Pcode[]> = {
  equity: ["DELIVERY", "INTRADAY"],
  derivatives: ["NRML", "INTRADAY"],
  currency: ["NRML", "INTRADAY"],
  commodity: ["NRML", "INTRADAY"],
};
const SEGMENT_LABEL: Record<Segment, string> = { equity: "Equity", derivatives: "F&O", currency: "Currency", commodity: "Commodity" };
const LAST_USED = "";

/** Settings › Markets: market status per exchange, default exchange for search, default product per segment, order window, notifications. */
export function MarketsTab() {
  const s = useSelector(() => settings$.get());
  return (
    <div className="settings">
      <MarketStatus />
      <section aria-label="Defaults">
        <h3>Defaults</h3>
        <table className="grid kv">
          <tbody>
            <tr>
              <td><label htmlFor="set-default-exchange">Default exchange for search</label></td>
              <td>
                <select id="set-default-exchange" value={s.defaultExchange} onChange={(e) => void runCommand("settings.defaultExchange.set", { exchange: e.target.value as DefaultExchange })}>
                  {DEFAULT_EXCHANGES.map((x) => (
                    <option key={x} value={x}>{x}</option>
                  ))}
                </select>
              </td>
            </tr>
            {(Object.keys(PRODUCTS) as Segment[]).map((seg) => (
              <tr key={seg}>
                <td><label htmlFor={`set-product-${seg}`}>Default product: {SEGMENT_LABEL[seg]}</label></td>
                <td>
                  <select id={`set-product-${seg}`} value={s.defaultProduct[seg] ?? LAST_USED} onChange={(e) => void runCommand("settings.defaultProduct.set", { segment: seg, product: (e.target.value || undefined) as Pcode | undefined })}>
                    <option value={LAST_USED}>As last used</option>
                    {PRODUCTS[seg].map((p) => (
                      <option key={p} value={p}>{productLabel(p)}</option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
            {/* A toggle is named by its setting and its state, the visible word in the name (axe's label-content-name-mismatch), and aria-pressed: "on" alone told a screen reader nothing (h9). */}
            <tr>
              <td>{SETTING_LABEL.stickOw}</td>
              <td><button type="button" className="btn" aria-pressed={s.stickOw} aria-label={`${SETTING_LABEL.stickOw}: ${s.stickOw ? "on" : "off"}`} onClick={() => void runCommand("settings.stickOw.toggle")}>{s.stickOw ? "on" : "off"}</button></td>
            </tr>
            <tr>
              <td>{SETTING_LABEL.isShowNotifications}</td>
              <td><button type="button" className="btn" aria-pressed={s.isShowNotifications} aria-label={`${SETTING_LABEL.isShowNotifications}: ${s.isShowNotifications ? "on" : "off"}`} onClick={() => void runCommand("settings.notifications.toggle")}>{s.isShowNotifications ? "on" : "off"}</button></td>
            </tr>
          </tbody>
        </table>
      </section>
    </div>
  );
}

/** "Market status returns GetMarket entries with Exch, ExchType, AMO"; AMO Y marks an exchange as taking after-market orders. */
function MarketStatus() {
  const status = useSelector(() => marketStatus$.status.get());
  useEffect(() => void refreshMarketStatus(), []);
  return (
    <section aria-label="Market status">
      <h3>
        Market status{" "}
        <button type="button" className="btn btn-small" onClick={() => void runCommand("market.status.refresh")}>
          Refresh
        </button>
      </h3>
      {status.state === "loading" && <p className="muted">Asking the broker…</p>}
      {status.state === "error" && <p className="field-error">The market status could not be read: the broker did not answer</p>}
      {status.state === "ready" && (
        <table className="grid" aria-label="Market status by exchange">
          <thead>
            <tr><th>Exchange</th><th>Status</th></tr>
          </thead>
          <tbody>
            {status.entries.map((e) => {
              const exchange = fromExchPair(e.Exch, e.ExchType) ?? `${e.Exch}${e.ExchType}`;
              return (
                <tr key={exchange} data-exchange={exchange}>
                  <td>{exchange}</td>
                  <td className={e.AMO === "Y" ? "muted" : "up"}>{e.AMO === "Y" ? "Closed: after-market orders (AMO) taken" : "Open"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
