import { useSelector } from "@legendapp/state/react";
import { exchangeForTyped } from "../../core/search/defaultExchange";
import { settings$ } from "../../data/stores/settings";
import { isOk } from "../../data/api/http";
import { useEffect, useState } from "react";
import { fetchSecurityInfo, findInstrumentToken } from "../../data/api/orders";
import { notify } from "../../core/notify";
import { effectiveOrderType } from "../../core/rules/orderWindow";
import { stepByTicks } from "../../core/rules/tick";
import type { GttFormInit } from "../../data/stores/gtt";
import { changeGttForm, endGttForm, gttForm$, startGttForm } from "../../data/stores/gttForm";
import { runCommand } from "../../commands/run";
import { inferExchange } from "../../commands/grammar/order";
import { openOrderWindow } from "../../commands/orderWindow";
import { Modal } from "../dialogs/Modal";
import { LiveLtp } from "../views/LiveLtp";
import { NumberField } from "../orderWindow/NumberField";
import "../orderWindow/orderWindow.css";
import "./gtt.css";
import { errorMessage } from "../../core/errorLog";

type Load = { state: "loading" } | { state: "error"; message: string } | { state: "ready" };

/**
 * The GTT form (trading-core sections 4 and 5): SINGLE or OCO, buy or sell, defaults 5 percent
 * from the last price, percentages in step with prices. Its own overlay for now, so that the
 * order window's GTT type can embed it later. Enter submits (the gtt.form.submit command); Esc closes.
 */
export function GttForm({ init }: { init: GttFormInit }) {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  useEffect(() => {
    let live = true;
    // A symbol typed without an exchange means the default exchange's (Settings › Markets).
    const exchange = init.exchange ?? exchangeForTyped(inferExchange(init.symbol ?? ""), settings$.defaultExchange.peek());
    // "A GTT type falls back to Regular for commodity segments": the order window opens instead.
    if (effectiveOrderType("GTT", exchange) !== "GTT") {
      notify({ kind: "neutral", text: `GTT is not available on ${exchange}: opening a Regular order` });
      void openOrderWindow({ mode: "new", transactionType: init.transactionType, exchange, token: init.token, symbol: init.symbol });
      return;
    }
    (async () => {
      const token = init.token ?? (await findInstrumentToken(exchange, init.symbol ?? ""));
      if (!token) throw new Error(`No instrument "${init.symbol ?? ""}" on ${exchange}`);
      return fetchSecurityInfo({ exchange, token });
    })()
      .then((env) => {
        const c = env.result[0];
        if (!live) return;
        if (!isOk(env) || !c) setLoad({ state: "error", message: env.message || `No instrument ${init.symbol ?? init.token}` });
        else {
          startGttForm(init, c);
          setLoad({ state: "ready" });
        }
      })
      .catch((err: unknown) => live && setLoad({ state: "error", message: errorMessage(err) }));
    return () => {
      live = false;
      endGttForm();
    };
  }, [init]);

  // The title names the instrument the form acts on (issue 28): the contract once in, the opener's symbol until then.
  const symbol = useSelector(() => gttForm$.contract.get()?.tradingSymbol) ?? init.symbol;
  const title = `${init.gttId ? `Modify GTT ${init.gttId}` : "GTT order"}${symbol ? ` · ${symbol}` : ""}`;
  return (
    <Modal title={title} wide>
      {load.state === "loading" && <div className="ow-loading">Loading {init.symbol ?? init.token}…</div>}
      {load.state === "error" && (
        <div className="ow-error" role="alert">
          {load.message}
        </div>
      )}
      {load.state === "ready" && <GttFormBody />}
    </Modal>
  );
}

function GttFormBody() {
  const f = useSelector(() => gttForm$.get());
  const { init, contract, values: s } = f;
  if (!init || !contract || !s) return null;
  const buy = s.transactionType === "BUY";
  const tick = (v: number, d: 1 | -1) => stepByTicks(v, contract.tickSize, d);
  const lot = (v: number, d: 1 | -1) => v + d * contract.lotSize;
  const pct = (v: number, d: 1 | -1) => Math.round((v + d * 0.5) * 100) / 100;
  const dispatch = changeGttForm;

  const leg = (key: "leg1" | "leg2", name: string) => (
    <div className="ow-grid" data-leg={key}>
      <NumberField id={`gtt-${key}-trigger`} label={name === "" ? "Trigger" : `${name} trigger`} value={s[key].trigger} step={tick} onChange={(v) => dispatch({ type: "trigger", leg: key, value: v })} autoFocus={key === "leg1"} />
      <NumberField id={`gtt-${key}-percent`} label={`${name === "" ? "Trigger" : name} % from LTP`} value={s[key].percent} step={pct} onChange={(v) => dispatch({ type: "percent", leg: key, value: v })} />
      <NumberField id={`gtt-${key}-price`} label={name === "" ? "Price" : `${name} price`} value={s[key].price} step={tick} onChange={(v) => dispatch({ type: "price", leg: key, value: v })} />
    </div>
  );

  return (
    <form
      className={`ow gtt-form ${buy ? "ow-buy" : "ow-sell"}`}
      aria-label="GTT form"
      // Enter reaches the form's command through the keymap (gtt.form.submit); the button runs the same command.
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="ow-head">
        <span className="ow-symbol">{contract.tradingSymbol}</span>
        <span className="muted">{contract.exchange}</span>
        <span className="ow-badge">GTT</span>
        <span className="ow-ltp">
          LTP <LiveLtp owner="gttForm" className="num" exchange={contract.exchange} token={contract.token} fallback={contract.ltp} />
        </span>
      </div>
      <div className="ow-row" role="group" aria-label="Side and trigger type">
        {(["BUY", "SELL"] as const).map((side) => (
          <button
            key={side}
            type="button"
            className={`btn ow-side ${s.transactionType === side ? (side === "BUY" ? "ow-side-buy" : "ow-side-sell") : ""}`}
            aria-pressed={s.transactionType === side}
            disabled={init.gttId !== undefined}
            onClick={() => dispatch({ type: "side", value: side })}
          >
            {side}
          </button>
        ))}
        {(["SINGLE", "OCO"] as const).map((t) => (
          <button key={t} type="button" className={`btn${s.triggerType === t ? " ow-active" : ""}`} aria-pressed={s.triggerType === t} onClick={() => dispatch({ type: "triggerType", value: t })}>
            {t}
          </button>
        ))}
      </div>
      <div className="ow-grid">
        <NumberField id="gtt-quantity" label="Quantity" value={s.quantity} step={lot} digitsOnly onChange={(v) => dispatch({ type: "quantity", value: v })} suffix={contract.lotSize > 1 ? `lot ${contract.lotSize}` : undefined} />
      </div>
      {s.triggerType === "SINGLE" ? leg("leg1", "") : (
        <>
          {leg("leg1", "Target")}
          {leg("leg2", "Stop-loss")}
        </>
      )}
      {f.problem && (
        <div className="ow-problem" role="alert">
          {f.problem}
        </div>
      )}
      <div className="ow-row">
        <span className="muted">Product D · validity DAY · LIMIT order when triggered</span>
        <span className="spacer" />
        <button type="button" className={`btn ${buy ? "ow-submit-buy" : "ow-submit-sell"}`} aria-disabled={f.submitting} onClick={() => void runCommand("gtt.form.submit")}>
          {init.gttId ? "Modify GTT" : "Place GTT"} <kbd>Enter</kbd>
        </button>
      </div>
    </form>
  );
}
