import { useEffect, useReducer, useState } from "react";
import { submitGtt } from "../../data/api/gtt";
import { fetchSecurityInfo, findInstrumentToken } from "../../data/api/orders";
import { formatPrice } from "../../core/format";
import { notify } from "../../core/notify";
import { gttAvailable } from "../../core/rules/gtt";
import { gttFormProblem, gttFormReducer, initialGttForm, type GttFormAction, type GttFormValues, type GttMarketRef } from "../../core/rules/gttForm";
import { effectiveOrderType } from "../../core/rules/orderWindow";
import { stepByTicks } from "../../core/rules/tick";
import { refreshGtt, type GttFormInit } from "../../data/stores/gtt";
import { settings$ } from "../../data/stores/settings";
import { closeOverlay } from "../../data/stores/ui";
import type { ContractInfo } from "../../core/types/contract";
import { inferExchange } from "../../commands/grammar/order";
import { openOrderWindow } from "../../commands/orderWindow";
import { Modal } from "../dialogs/Modal";
import { NumberField } from "../orderWindow/NumberField";
import "../orderWindow/orderWindow.css";
import "./gtt.css";

type Load = { state: "loading" } | { state: "error"; message: string } | { state: "ready"; contract: ContractInfo };

/**
 * The GTT form (trading-core sections 4 and 5): SINGLE or OCO, buy or sell, defaults 5 percent
 * from the last price, percentages in step with prices. Its own overlay for now, so that the
 * order window's GTT type can embed it later. Enter submits; Esc closes.
 */
export function GttForm({ init }: { init: GttFormInit }) {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  useEffect(() => {
    let live = true;
    const exchange = init.exchange ?? inferExchange(init.symbol ?? "");
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
        if (env.status !== "Ok" || !c) setLoad({ state: "error", message: env.message || `No instrument ${init.symbol ?? init.token}` });
        else setLoad({ state: "ready", contract: c });
      })
      .catch((err: unknown) => live && setLoad({ state: "error", message: err instanceof Error ? err.message : String(err) }));
    return () => {
      live = false;
    };
  }, [init]);

  const title = init.gttId ? `Modify GTT ${init.gttId}` : "GTT order";
  return (
    <Modal title={title} wide>
      {load.state === "loading" && <div className="ow-loading">Loading {init.symbol ?? init.token}…</div>}
      {load.state === "error" && (
        <div className="ow-error" role="alert">
          {load.message}
        </div>
      )}
      {load.state === "ready" && <GttFormBody init={init} contract={load.contract} />}
    </Modal>
  );
}

function GttFormBody({ init, contract }: { init: GttFormInit; contract: ContractInfo }) {
  const ref: GttMarketRef = { ltp: contract.ltp, tickSize: contract.tickSize };
  const [s, dispatch] = useReducer((state: GttFormValues, a: GttFormAction) => gttFormReducer(ref, state, a), undefined, () =>
    initialGttForm(ref, init, contract.lotSize),
  );
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const available = gttAvailable(contract.exchange);
  const buy = s.transactionType === "BUY";
  const tick = (v: number, d: 1 | -1) => stepByTicks(v, contract.tickSize, d);
  const lot = (v: number, d: 1 | -1) => v + d * contract.lotSize;
  const pct = (v: number, d: 1 | -1) => Math.round((v + d * 0.5) * 100) / 100;

  const submit = async () => {
    if (submitting) return;
    const p = !available ? `GTT is not available on ${contract.exchange}` : gttFormProblem(s, contract.lotSize);
    setProblem(p);
    if (p) return;
    setSubmitting(true);
    try {
      const done = await submitGtt(
        {
          exchange: contract.exchange,
          token: contract.token,
          transactionType: s.transactionType,
          triggerType: s.triggerType,
          quantity: s.quantity,
          leg1: { trigger: s.leg1.trigger, price: s.leg1.price },
          ...(s.triggerType === "OCO" ? { leg2: { trigger: s.leg2.trigger, price: s.leg2.price } } : {}),
        },
        init.gttId,
      );
      if (done) {
        void refreshGtt();
        // "After success the order window closes unless it is set to stay open."
        if (!settings$.stickOw.peek()) closeOverlay();
      }
    } catch {
      /* HTTP failures were told by the HTTP table */
    } finally {
      setSubmitting(false);
    }
  };

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
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="ow-head">
        <span className="ow-symbol">{contract.tradingSymbol}</span>
        <span className="muted">{contract.exchange}</span>
        <span className="ow-badge">GTT</span>
        <span className="ow-ltp">
          LTP <span className="num">{formatPrice(contract.ltp, contract.exchange)}</span>
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
      {problem && (
        <div className="ow-problem" role="alert">
          {problem}
        </div>
      )}
      <div className="ow-row">
        <span className="muted">Product D · validity DAY · LIMIT order when triggered</span>
        <span className="spacer" />
        <button type="submit" className={`btn ${buy ? "ow-submit-buy" : "ow-submit-sell"}`} aria-disabled={submitting}>
          {init.gttId ? "Modify GTT" : "Place GTT"} <kbd>Enter</kbd>
        </button>
      </div>
    </form>
  );
}
