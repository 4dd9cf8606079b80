import { useSelector } from "@legendapp/state/react";
import { useEffect, useState } from "react";
import { stepByTicks } from "../../core/rules/tick";
import type { GttFormInit } from "../../data/stores/gtt";
import { changeGttForm, endGttForm, followGttLtp, gttForm$, gttProductWarning } from "../../data/stores/gttForm";
import { gttSwitchWarning } from "../../data/stores/risk";
import { runCommand } from "../../commands/run";
import { Modal } from "../dialogs/Modal";
import { LiveLtp } from "../views/LiveLtp";
import { NumberField } from "../orderWindow/NumberField";
import "../orderWindow/orderWindow.css";
import "./gtt.css";
import { roundPercent } from "../../core/money";
import { formatPrice, priceFieldText, productLabel } from "../../core/format";
import { trailMovesAtOnce, type GttFormValues } from "../../core/rules/gttForm";
import { singleShownPercent } from "../../core/rules/gtt";
import type { Exchange } from "../../core/types/exchange";
import { liveQuote } from "../../feed/session";
import { productToSend } from "../../core/rules/productToSend";
import { KeyHint } from "../views/KeyHint";


/**
 * The GTT form (trading-core sections 4 and 5): SINGLE or OCO, buy or sell, defaults 5 percent
 * from the last price, percentages in step with prices. The command that opens it loads its
 * contract (commands/gttForm.ts, openGttForm); Enter submits (gtt.form.submit); Esc closes.
 */
export function GttForm({ init }: { init: GttFormInit }) {
  const f = useSelector(() => gttForm$.get());
  // Closed (Esc): nothing is left to submit. A later opening's form is not this one's to end.
  useEffect(() => {
    const opening = gttForm$.generation.peek();
    return () => endGttForm(opening);
  }, []);
  // The title names the instrument the form acts on (issue 28): the contract once in, the opener's symbol until then.
  const symbol = f.contract?.tradingSymbol ?? init.symbol;
  const title = `${init.gttId ? `Modify GTT ${init.gttId}` : "GTT order"}${symbol ? ` · ${symbol}` : ""}`;
  return (
    <Modal title={title} wide>
      {f.loadError ? (
        <div className="ow-error" role="alert">
          {f.loadError}
        </div>
      ) : f.values ? (
        <GttFormBody />
      ) : (
        <div className="ow-loading">Loading {init.symbol ?? init.token}…</div>
      )}
    </Modal>
  );
}

/** A trail shorter than the gap from the price moves the stop on the broker's next tick: said before Enter (rules/gttForm.ts). */
function TrailAtOnce({ values, exchange, token, fallback, tickSize }: { values: GttFormValues; exchange: Exchange; token: number; fallback: number; tickSize: number }) {
  const ltp = useSelector(() => liveQuote(exchange, token).LastRate.get()) || fallback;
  const moves = trailMovesAtOnce(values, ltp, tickSize);
  if (!moves) return null;
  const p = (n: number) => formatPrice(n, exchange);
  return (
    <div className="ow-resolved" data-testid="gtt-trail-at-once" role="status">
      The trail moves the stop from {p(moves.from)} to {p(moves.to)} at once: the price, {p(ltp)}, is further than the trail from it
    </div>
  );
}

/**
 * The legs' "% from LTP" follow the live LTP (rules/gttForm.ts followLtp): the trigger is held, the
 * % says its distance from the price now, except in the % field the trader is typing in (`hold`).
 */
function FollowLtp({ exchange, token, fallback, hold }: { exchange: Exchange; token: number; fallback: number; hold: "leg1" | "leg2" | undefined }) {
  const ltp = useSelector(() => liveQuote(exchange, token).LastRate.get()) || fallback;
  useEffect(() => followGttLtp(ltp, hold), [ltp, hold]);
  return null;
}

/** The GTT's segment's kill switch is on (the trader's, or a tripped loss limit's): the GTT is still taken, but an order it triggers then is refused (rules/gttKillSwitch.ts). */
function SwitchOn({ exchange }: { exchange: Exchange }) {
  const warning = useSelector(() => gttSwitchWarning(exchange));
  if (!warning) return null;
  return (
    <div className="gtt-limit-tripped" data-testid="gtt-limit-tripped" role="status">
      {warning}
    </div>
  );
}

/** The GTT's side reduces a position held in another product: its fixed product opens a new one instead of closing it (rules/otherProduct.ts). */
function OtherProduct() {
  const warning = useSelector(() => gttProductWarning("get"));
  if (!warning) return null;
  return (
    <div className="gtt-limit-tripped" data-testid="gtt-other-product" role="status">
      {warning}
    </div>
  );
}

/** The leg whose % field an element is, if it is one. */
function percentLeg(el: EventTarget): "leg1" | "leg2" | undefined {
  const m = el instanceof HTMLElement ? /^gtt-(leg[12])-percent$/.exec(el.id) : null;
  return m?.[1] === "leg1" || m?.[1] === "leg2" ? m[1] : undefined;
}

function GttFormBody() {
  const f = useSelector(() => gttForm$.get());
  // The % field with the cursor in it is left as typed: a field never changes under the trader's fingers.
  const [hold, setHold] = useState<"leg1" | "leg2">();
  const { init, contract, values: s } = f;
  if (!init || !contract || !s) return null;
  const buy = s.transactionType === "BUY";
  const tick = (v: number, d: 1 | -1) => stepByTicks(v, contract.tickSize, d);
  const lot = (v: number, d: 1 | -1) => v + d * contract.lotSize;
  const pct = (v: number, d: 1 | -1) => roundPercent(v + d * 0.5);
  // A trigger and a price are written with the exchange's decimals: "26135.70", as every price is, not "26135.7".
  const priceText = (n: number) => priceFieldText(n, contract.exchange);
  const dispatch = changeGttForm;

  const leg = (key: "leg1" | "leg2", name: string) => (
    <div className="ow-grid" data-leg={key}>
      <NumberField id={`gtt-${key}-trigger`} label={name === "" ? "Trigger" : `${name} trigger`} value={s[key].trigger} step={tick} write={priceText} onChange={(v) => dispatch({ type: "trigger", leg: key, value: v })} autoFocus={key === "leg1"} />
      <NumberField
        id={`gtt-${key}-percent`}
        label={`${name === "" ? "Trigger" : name} % from LTP`}
        value={name === "" ? singleShownPercent(s[key].percent, s.transactionType) : s[key].percent}
        step={pct}
        onChange={(v) => dispatch({ type: "percent", leg: key, value: name === "" ? singleShownPercent(v, s.transactionType) : v })}
      />
      <NumberField id={`gtt-${key}-price`} label={name === "" ? "Price" : `${name} price`} value={s[key].price} step={tick} write={priceText} onChange={(v) => dispatch({ type: "price", leg: key, value: v })} />
    </div>
  );

  return (
    <form
      className={`ow gtt-form ${buy ? "ow-buy" : "ow-sell"}`}
      aria-label="GTT form"
      // Enter reaches the form's command through the keymap (gtt.form.submit); the button runs the same command.
      onSubmit={(e) => e.preventDefault()}
      onFocus={(e) => setHold(percentLeg(e.target))}
      onBlur={() => setHold(undefined)}
    >
      <FollowLtp exchange={contract.exchange} token={contract.token} fallback={contract.ltp} hold={hold} />
      <div className="ow-head">
        <span className="ow-symbol">{contract.tradingSymbol}</span>
        <span className="muted">{contract.exchange}</span>
        <span className="ow-badge">GTT</span>
        <span className="ow-ltp">
          LTP <LiveLtp owner="gttForm" className="num" exchange={contract.exchange} token={contract.token} symbol={contract.tradingSymbol} fallback={contract.ltp} />
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
      {/* Issue 33: the stop leg may trail; the broker moves its trigger (and its price with it) as the price moves in favour. */}
      <div className="ow-grid" role="group" aria-label="Trailing stop">
        <NumberField
          id="gtt-trail"
          label={`${s.triggerType === "OCO" ? "Stop-loss trail" : "Trail"} ${s.trail.unit === "PERCENT" ? "(% of price)" : "(points)"}`}
          value={s.trail.value}
          step={(v, d) => (s.trail.unit === "PERCENT" ? Math.max(0, roundPercent(v + d * 0.1)) : Math.max(0, tick(v, d)))}
          onChange={(v) => dispatch({ type: "trail", value: { value: v } })}
          suffix={s.trail.value > 0 ? undefined : "0: no trail"}
        />
        <label className="ow-field">
          <span className="ow-label">Trail in</span>
          <select name="gttTrailUnit" value={s.trail.unit} onChange={(e) => dispatch({ type: "trail", value: { unit: e.target.value === "PERCENT" ? "PERCENT" : "POINTS" } })}>
            <option value="POINTS">Points</option>
            <option value="PERCENT">% of price</option>
          </select>
        </label>
        <NumberField
          id="gtt-trail-jump"
          label="Jump (points)"
          value={s.trail.jump}
          disabled={!(s.trail.value > 0)}
          step={(v, d) => Math.max(0, tick(v, d))}
          onChange={(v) => dispatch({ type: "trail", value: { jump: v } })}
          suffix={s.trail.jump > 0 ? undefined : "0 moves by the tick"}
        />
      </div>
      <OtherProduct />
      <SwitchOn exchange={contract.exchange} />
      <TrailAtOnce values={s} exchange={contract.exchange} token={contract.token} fallback={contract.ltp} tickSize={contract.tickSize} />
      {f.problem && (
        <div className="ow-problem" role="alert">
          {f.problem}
        </div>
      )}
      <div className="ow-row">
        {/* The wire's GTTProduct "D": the product a triggered leg is placed with (DELIVERY on equity, NRML off it). */}
        <span className="muted">Product {productLabel(productToSend("DELIVERY", contract.exchange))} · validity DAY · LIMIT order when triggered</span>
        <span className="spacer" />
        <button type="button" className={`btn ${buy ? "ow-submit-buy" : "ow-submit-sell"}`} aria-disabled={f.submitting} onClick={() => void runCommand("gtt.form.submit")}>
          {init.gttId ? "Modify GTT" : "Place GTT"} <KeyHint command="gtt.form.submit" />
        </button>
      </div>
    </form>
  );
}
