import { legModifyText } from "../../core/rules/legModify";
import { useSelector } from "@legendapp/state/react";
import { useEffect, useRef } from "react";
import { groupIndian, productLabel } from "../../core/format";
import { roundPercent } from "../../core/money";
import { closedMarketNote, effectiveOrderType, quantityShownInLots } from "../../core/rules/orderWindow";
import { windowChoices, windowShown } from "../../core/rules/orderWindowChoices";
import { runCommand } from "../../commands/run";
import { buildOrderRequest, type WindowField, type WindowProblem } from "../../core/rules/orderRequest";
import { holdingSaleShort } from "../../core/rules/holdingSale";
import { otherProductWarning } from "../../core/rules/otherProduct";
import { sliceOrder } from "../../core/rules/slicing";
import { priceDecimals } from "../../core/types/exchange";
import { stepByTicks } from "../../core/rules/tick";
import { orderWindow$ } from "../../data/stores/orderWindow";
import { instrumentKind } from "../../core/types/contract";
import type { OrderRequest, OrderType, Validity } from "../../core/types/order";
import type { ContractInfo } from "../../core/types/contract";
import type { Pcode } from "../../core/types/orderWindow";
import { Modal } from "../dialogs/Modal";
import { EmptyState } from "../views/EmptyState";
import type { ViewProps } from "../views/types";
import { orderWindowShown, updateWindow } from "../../commands/orderWindow";
import { runMarginCheck } from "../../commands/orderWindowMargin";
import { marginInputsKey, marginStanding } from "../../core/rules/marginInputs";
import { WindowDialog } from "./WindowDialogs";
import { useMarginFollowsPrice } from "./useMarginFollowsPrice";
import { FieldProblem, NumberField } from "./NumberField";
import { fundsAvailable } from "../../core/rules/funds";
import { limits$, positions$ } from "../../data/stores/portfolio";
import { LiveLtp } from "../views/LiveLtp";
import { BestBidAsk } from "./BestBidAsk";
import { presetLabel, presetQuantity } from "../../core/rules/orderWindowPresets";
import { DatePicker } from "../widgets/DatePicker";
import { brokerNow } from "../../data/stores/brokerClock";
import { istDateKeyAfter } from "../../core/time";
import { DeskLine } from "./DeskLine";
import { groupOfferLine } from "../../commands/orderWindowFollow";
import { windowTakesBracket } from "../../core/rules/presetWindow";
import { MARGIN_DEBOUNCE_MS } from "../../core/rules/margin";
import { modifyFilledLine } from "../../core/rules/modifyFilled";
import { findOrder, orders$ } from "../../data/stores/orders";
import "./orderWindow.css";
import { useBrokerToday } from "../views/brokerToday";
import { KeyHint } from "../views/KeyHint";


const FIELD_INPUT: Record<WindowField, string> = {
  quantity: "ow-quantity",
  price: "ow-price",
  trigger: "ow-trigger",
  target: "ow-target",
  stopLoss: "ow-stoploss",
  trailingStopLoss: "ow-trailing",
  trail: "ow-trail",
  disclosedQuantity: "ow-disclosed",
  validity: "ow-validity",
};

/** What the window says of an Enter it sent nothing for (core/rules/windowEnter.ts): an Enter is acted on or told. */
function EnterLine({ line }: { line: string | undefined }) {
  return line ? (
    <div className="ow-enter-line" role="status" data-testid="ow-enter-line">
      {line}
    </div>
  ) : null;
}

/** The order window as a dialog (overlay kind "orderWindow"). */
export function OrderWindowDialog() {
  useEffect(
    () => () => {
      // Esc closed the overlay: the window is closed too, and a late answer is dropped. An edited window waiting under the palette stays.
      if (!orderWindowShown()) orderWindow$.assign({ open: false, generation: orderWindow$.generation.peek() + 1, dialog: null });
    },
    [],
  );
  const title = useSelector(() => {
    const m = orderWindow$.get();
    // Until the contract is in, the window's state is the last window's: the side and mode are the opener's.
    const side = m.contract ? m.state.transactionType : m.init?.transactionType;
    const mode = (m.contract ? m.state.mode : m.init?.mode) ?? "new";
    return `${side === "SELL" ? "Sell" : "Buy"} ${m.contract?.tradingSymbol ?? m.init?.symbol ?? ""}${mode === "new" ? "" : ` (${mode})`}`;
  });
  return (
    <Modal title={title} wide>
      <OrderWindowForm />
    </Modal>
  );
}

/** The order window as a pane view: the same form, or a note when no window is open. */
export function OrderWindowPane(_: ViewProps) {
  const open = useSelector(() => orderWindow$.open.get());
  if (!open) return <EmptyState title="No order window open">Press b or s on an instrument, or type "buy INFY 10" in the palette (Ctrl+K).</EmptyState>;
  return (
    <div className="page ow-pane">
      <OrderWindowForm />
    </div>
  );
}

export function OrderWindowForm() {
  const m = useSelector(() => orderWindow$.get());
  const funds = useSelector(() => fundsAvailable(limits$.rows.get()));
  // The order a modify changes, as the book has it now: fills that come while the window is open move the line beside Quantity.
  const modifiedNo = m.state.mode === "modify" ? m.init?.order?.orderNo : undefined;
  const bookOrder = useSelector(() => {
    if (!modifiedNo) return undefined;
    orders$.orders.get(); // findOrder peeks: this read redraws the line on each new book (as ConfirmDialog's question)
    return findOrder(modifiedNo);
  });
  // Today on the broker's clock, followed when its first answer lands (before it, the device's date).
  const today = useBrokerToday();
  const { contract, state: s } = m;
  const formRef = useRef<HTMLFormElement>(null);

  // The margin check, 200 ms after the inputs stop changing.
  const marginKey = contract ? marginInputsKey(contract.token, s) : "";
  useEffect(() => {
    if (!marginKey) return;
    const t = setTimeout(() => void runMarginCheck(), MARGIN_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [marginKey]);
  useMarginFollowsPrice(contract?.exchange, contract?.token);

  // A problem with a field takes the trader there: Enter refused, the cursor is where to fix it.
  const problemField = m.problem?.field;
  useEffect(() => {
    if (!problemField) return;
    const id = problemField === "validity" && orderWindow$.state.validity.peek() === "GTD" ? "ow-gtd" : FIELD_INPUT[problemField];
    formRef.current?.querySelector<HTMLElement>(`#${id}`)?.focus();
  }, [m.problem, problemField]);

  // An Enter here sends nothing (no form is shown yet): said at once, and again once the order shows.
  if (m.loading) {
    return (
      <div className="ow-loading" role="status">
        Loading {m.init?.symbol ?? "contract"}…{m.enterLine ? ` ${m.enterLine}` : ""}
      </div>
    );
  }
  if (m.loadError || !contract) {
    return (
      <div className="ow-error" role="alert">
        {m.loadError ?? "No contract"}
        <EnterLine line={m.enterLine} />
        <div className="modal-actions">
          <button type="button" className="btn" onClick={() => void runCommand("orderWindow.close")} autoFocus>
            Close <KeyHint command="dialog.close" />
          </button>
        </div>
      </div>
    );
  }

  if (m.accountRefusal) {
    // Said at opening, in place of a form the broker would refuse whatever is typed into it (issue 29).
    return (
      <div className="ow-error ow-account-refusal" role="alert" data-testid="ow-account-refusal">
        <p>
          <b>{contract.tradingSymbol}</b>: {m.accountRefusal.message} <span className="muted">({m.accountRefusal.code})</span>
        </p>
        <EnterLine line={m.enterLine} />
        <div className="modal-actions">
          <button type="button" className="btn" onClick={() => void runCommand("orderWindow.close")} autoFocus>
            Close <KeyHint command="dialog.close" />
          </button>
        </div>
      </div>
    );
  }

  const ex = contract.exchange;
  // Every control draws its options and its value from these two (rules/orderWindowChoices.ts);
  // the order sent is built from the same settled state, so what is shown is what is sent.
  const choices = windowChoices(s, contract, { inAmo: m.exchangeInAmo, open: m.exchangeOpen });
  const shown = windowShown(s, contract);
  // The order as it would be sent, built once a render: the holding line and the slice line both read it.
  const req = buildOrderRequest(s, contract);
  // A sale of more shares than are held for its product, said before Enter (rules/holdingSale.ts).
  const holdingShort = holdingSaleShort(req, contract);
  // The read-out against the inputs on screen (rules/marginInputs.ts): a figure (or why there is none) checked for
  // earlier inputs is marked from the keystroke until the check of these answers; one checked before the funds moved, until checked again.
  const standing = marginStanding(m.marginFor, marginKey, m.marginRechecking);
  const previousInputs = standing === "inputsChanged" && (m.margin !== null || m.marginProblem !== undefined);
  const rechecking = standing === "fundsMoved" && m.margin !== null;
  const complexity = shown.orderType;
  const modifying = s.mode === "modify";
  // Issue 19: a modify of a sliced order's slices: quantity (and disclosed quantity) is each slice's own, shown as their total and not sent.
  const group = modifying ? m.init?.sliceGroup : undefined;
  const lots = quantityShownInLots(ex);
  const qtyStep = lots || instrumentKind(contract.insType) === "equity" ? 1 : Math.max(1, contract.lotSize);
  const tickStep = (v: number, d: 1 | -1) => stepByTicks(v, contract.tickSize, d);
  const buy = s.transactionType === "BUY";
  const problemOf = (field: WindowField) => (m.problem?.field === field ? m.problem : undefined);
  const offerText = (n: number) => n.toFixed(priceDecimals(ex));
  // A modify is almost always a price change: it opens on the price (the trigger for an SL-M, the
  // quantity for a MARKET order, which has neither); a new order opens on the quantity.
  // Not for a sliced order's group, whose Quantity is each slice's and not sent.
  const modifiedOrder = bookOrder ?? m.init?.order;
  const filledLine = modifying && group === undefined && modifiedOrder ? modifyFilledLine(modifiedOrder, req.quantity, contract) : undefined;
  const firstField: "quantity" | "price" | "trigger" = !modifying ? "quantity" : shown.price !== undefined ? "price" : shown.trigger !== undefined ? "trigger" : "quantity";

  return (
    <form
      ref={formRef}
      className={`ow ow-${buy ? "buy" : "sell"}`}
      aria-label="Order window"
      // Enter reaches the window's command through the keymap (orderWindow.submit), from every
      // control of the form but Close and Charges (data-keep-enter); the button runs the same command.
      onSubmit={(e) => e.preventDefault()}
    >
      {m.groupOffer && (
        // Issue 32: the link group moved while the trader was working on this order: it keeps its instrument and says so.
        <div className="ow-group-offer" role="status" data-testid="ow-group-offer">
          {groupOfferLine(m.groupOffer)}
        </div>
      )}
      <div className="ow-head">
        <button
          type="button"
          className={`btn ow-side ow-side-${buy ? "buy" : "sell"}`}
          disabled={choices.sides.length < 2}
          onClick={() => void runCommand("orderWindow.flipSide")}
          // The name is what the button shows (the side, and its key): axe's label-content-name-mismatch.
          aria-keyshortcuts={choices.sides.length > 1 ? "Alt+B" : undefined}
          title={choices.sides.length < 2 ? undefined : "Switch BUY / SELL (Alt+B)"}
        >
          {shown.side}
          {choices.sides.length > 1 && <kbd className="ow-side-key">Alt+B</kbd>}
        </button>
        <span className="ow-symbol">{contract.tradingSymbol}</span>
        <span className="muted">{ex}</span>
        <span className="ow-ltp">
          LTP <LiveLtp owner="orderWindow" exchange={ex} token={contract.token} symbol={contract.tradingSymbol} fallback={contract.ltp} />
        </span>
        <BestBidAsk exchange={ex} token={contract.token} symbol={contract.tradingSymbol} />
        {contract.surveillance && <span className="ow-badge">{contract.surveillance}</span>}
      </div>
      {m.init?.resolvedFrom && (
        <div className="ow-resolved" data-testid="ow-resolved">
          {m.init.resolvedFrom}: {contract.formattedInsName}
        </div>
      )}
      {m.init?.note && (
        <div className="ow-resolved" data-testid="ow-note">
          {m.init.note}
        </div>
      )}

      <div className="ow-row" role="group" aria-label="Order type">
        {(["Regular", "BO/CO", "GTT"] as const).map((t) => {
          const active = t === "Regular" ? complexity === "Regular" : t === "BO/CO" && complexity !== "Regular";
          const offered = t === "Regular" ? choices.orderTypes.includes("Regular") : t === "BO/CO" ? choices.orderTypes.includes("BO") : s.mode === "new" || s.mode === "repeat";
          return (
            <button
              key={t}
              type="button"
              className={`btn btn-small ow-type${active ? " ow-active" : ""}`}
              aria-pressed={active}
              disabled={!offered || (t === "GTT" && effectiveOrderType("GTT", ex) !== "GTT")}
              title={t === "GTT" && effectiveOrderType("GTT", ex) !== "GTT" ? `GTT is not available on ${ex}` : undefined}
              onClick={() =>
                t === "GTT"
                  ? // The GTT form is its own dialog: the window hands over the instrument, side and quantity.
                    void runCommand("gtt.form", { exchange: ex, token: String(contract.token), symbol: contract.tradingSymbol, transactionType: s.transactionType, quantity: s.quantity || undefined })
                  : updateWindow({ orderType: t === "Regular" ? "Regular" : "BO" })
              }
            >
              {t}
            </button>
          );
        })}
        {choices.amo.shown && (
          <label className="ow-check">
            {/* The market decides it where its status is known (rules/orderWindow.ts amoBoxLock): closed, ticked; open, it can be unticked, not ticked. */}
            <input
              type="checkbox"
              checked={shown.amo}
              disabled={!choices.amo.enabled}
              title={choices.amo.why}
              onChange={(e) => updateWindow({ isAmo: e.target.checked })}
            />
            AMO
            {/* A disabled tick reads faint (light theme above all): the words say it is on, and why. */}
            {m.exchangeInAmo && shown.amo && !modifying && <span className="muted"> (market closed)</span>}
          </label>
        )}
      </div>

      <div className="ow-grid">
        <label className="ow-field">
          <span className="ow-label">Product</span>
          {/* A product a rule withholds (INTRADAY under AMO) is listed disabled, with why: not silently missing. */}
          <select
            name="product"
            value={shown.product}
            disabled={choices.products.length < 2 && choices.withheldProducts.length === 0}
            title={choices.withheldProducts.map((w) => w.why).join("; ") || undefined}
            onChange={(e) => updateWindow({ pcode: e.target.value as Pcode })}
          >
            {choices.products.map((p) => (
              <option key={p} value={p}>
                {productLabel(p)}
              </option>
            ))}
            {choices.withheldProducts.map((w) => (
              <option key={w.value} value={w.value} disabled>
                {w.why}
              </option>
            ))}
          </select>
        </label>
        <label className="ow-field">
          <span className="ow-label">Price type</span>
          <select name="priceType" value={shown.priceType} onChange={(e) => updateWindow({ priceType: e.target.value as OrderType })}>
            {choices.priceTypes.map((p) => (
              <option key={p.value} value={p.value} disabled={!p.enabled}>
                {p.value}
              </option>
            ))}
          </select>
        </label>
        <div className="ow-field">
          <label className="ow-label" htmlFor="ow-validity">
            Validity
          </label>
          <select id="ow-validity" name="validity" value={shown.validity} disabled={choices.validities.length < 2} onChange={(e) => updateWindow({ validity: e.target.value as Validity })}>
            {choices.validities.map((v) => (
              <option key={v.value} value={v.value} disabled={!v.enabled}>
                {v.value}
              </option>
            ))}
          </select>
          {shown.validTill === undefined && problemOf("validity") && <FieldProblem id="ow-validity-problem" problem={problemOf("validity")!} />}
        </div>
        {shown.validTill !== undefined && (
          <DatePicker
            id="ow-gtd"
            label="Valid till"
            value={shown.validTill}
            today={today}
            min={istDateKeyAfter(new Date(brokerNow() ?? Date.now()), 1)}
            onChange={(gtdValidityDate) => updateWindow({ gtdValidityDate })}
            problem={problemOf("validity")?.message}
          />
        )}
      </div>
      {!modifying && <OtherProductLine req={req} dematHeld={contract.deliveryQty} />}

      <div className="ow-grid">
        <NumberFieldQ value={shown.quantity} step={qtyStep} lots={lots} lotSize={contract.lotSize} problem={problemOf("quantity")} autoFocus={firstField === "quantity"} disabled={group !== undefined || s.leg !== undefined} />
        <NumberField
          id="ow-price"
          label="Price"
          value={shown.price ?? 0}
          disabled={shown.price === undefined}
          onChange={(price) => updateWindow({ price })}
          step={tickStep}
          autoFocus={firstField === "price"}
          problem={problemOf("price")}
          formatOffer={offerText}
        />
        <NumberField
          id="ow-trigger"
          label={complexity === "CO" ? "SL trigger" : "Trigger price"}
          value={shown.trigger ?? 0}
          disabled={shown.trigger === undefined}
          onChange={(triggerPrice) => updateWindow({ triggerPrice })}
          step={tickStep}
          autoFocus={firstField === "trigger"}
          problem={problemOf("trigger")}
          formatOffer={offerText}
        />
        {complexity === "Regular" && (
          <NumberField id="ow-disclosed" label="Disclosed qty" value={shown.disclosedQuantity ?? 0} digitsOnly disabled={shown.disclosedQuantity === undefined || group !== undefined} onChange={(disclosedQuantity) => updateWindow({ disclosedQuantity })} step={(v, d) => v + d * qtyStep} problem={problemOf("disclosedQuantity")} />
        )}
      </div>

      {filledLine && (
        // FINDINGS-27 3: a modify's Quantity is the order's total, the filled part in it (rules/modifyFilled.ts).
        <div className="ow-filled" data-testid="ow-filled">
          {filledLine}
        </div>
      )}

      {(m.preset || m.bracket) && <DeskLine preset={m.preset} bracket={m.bracket} takesBracket={windowTakesBracket(s)} />}

      {m.riskLine && (
        // Issue 33: how the quantity was sized by risk, as worked out (a refusal shows by the quantity).
        <div className="ow-risk" data-testid="ow-risk">
          {m.riskLine}
        </div>
      )}

      {choices.trail && (
        // Issue 33: a regular SL or SL-M order may trail; the broker moves its trigger.
        <div className="ow-grid" role="group" aria-label="Trailing stop">
          <NumberField
            id="ow-trail"
            label={s.trailUnit === "PERCENT" ? "Trail (% of price)" : "Trail (points)"}
            value={s.trailValue}
            onChange={(trailValue) => updateWindow({ trailValue })}
            step={(v, d) => (s.trailUnit === "PERCENT" ? Math.max(0, roundPercent(v + d * 0.1)) : Math.max(0, tickStep(v, d)))}
            problem={problemOf("trail")}
            formatOffer={offerText}
          />
          <label className="ow-field">
            <span className="ow-label">Trail in</span>
            <select name="trailUnit" value={s.trailUnit} onChange={(e) => updateWindow({ trailUnit: e.target.value === "PERCENT" ? "PERCENT" : "POINTS" })}>
              <option value="POINTS">Points</option>
              <option value="PERCENT">% of price</option>
            </select>
          </label>
          <NumberField
            id="ow-trail-jump"
            label="Jump (points)"
            value={s.trailJump}
            disabled={!(s.trailValue > 0)}
            suffix={s.trailJump > 0 ? undefined : `0 moves by the tick, ${offerText(contract.tickSize)}`}
            onChange={(trailJump) => updateWindow({ trailJump })}
            step={(v, d) => Math.max(0, tickStep(v, d))}
            formatOffer={offerText}
          />
        </div>
      )}

      {m.presets.length > 0 && !group && (
        <div className="ow-presets" role="group" aria-label="Quantity presets">
          <span className="ow-label">Quantity presets</span>
          {m.presets.map((p, i) => {
            const q = presetQuantity(p, ex, contract.lotSize);
            return (
              <button key={p} type="button" className={`btn btn-small${q === shown.quantity ? " ow-active" : ""}`} aria-pressed={q === shown.quantity} data-keep-enter onClick={() => void runCommand("orderWindow.preset.pick", { index: i })}>
                {presetLabel(p, ex)}
              </button>
            );
          })}
          <kbd title="Next quantity preset">Alt+Q</kbd>
        </div>
      )}

      {s.leg && complexity !== "Regular" && (
        // A BO/CO sub-leg's window is the leg alone (rules/legModify.ts).
        <div className="ow-resolved" data-testid="ow-leg">
          {legModifyText(s.leg, complexity, shown.priceType)}
        </div>
      )}
      {complexity !== "Regular" && !s.leg && (
        <div className="ow-grid">
          <label className="ow-check">
            <input type="checkbox" checked={complexity === "BO"} disabled={choices.orderTypes.length < 2} onChange={(e) => updateWindow({ orderType: e.target.checked ? "BO" : "CO" })} />
            Book profit (target: BO)
          </label>
          {choices.bracketLegs && (
            <>
              <NumberField id="ow-target" label="Target price" value={shown.target ?? 0} onChange={(targetPrice) => updateWindow({ targetPrice })} step={tickStep} problem={problemOf("target")} formatOffer={offerText} />
              <NumberField id="ow-stoploss" label="Stop-loss price" value={shown.stopLoss ?? 0} onChange={(stopLossPrice) => updateWindow({ stopLossPrice })} step={tickStep} problem={problemOf("stopLoss")} formatOffer={offerText} />
              <NumberField id="ow-trailing" label="Trailing SL" value={shown.trailingStopLoss ?? 0} onChange={(trailingStopLoss) => updateWindow({ trailingStopLoss })} step={tickStep} problem={problemOf("trailingStopLoss")} formatOffer={offerText} />
            </>
          )}
        </div>
      )}

      <div className="ow-margin" aria-live="polite">
        {/* Figures from before the funds moved (this window's order answered, an order update) are marked until checked again. */}
        <span className={rechecking || previousInputs ? "ow-rechecking" : undefined} title={previousInputs ? "Checked for the inputs before your last change: checking the ones on screen" : undefined}>
          Margin <b data-testid="ow-margin">{m.margin ? `₹${groupIndian(m.margin.required)}` : m.marginProblem ? "unavailable" : "checking…"}</b>
          {previousInputs && (
            <span className="ow-previous-note" data-testid="ow-margin-previous">
              {" "}
              for the previous inputs: checking…
            </span>
          )}
        </span>
        <span className={rechecking ? "ow-rechecking" : undefined} title={rechecking ? "The funds may have moved since this was checked: checking again" : undefined}>
          {/* Refused, the check tells nothing of the funds, but the funds as last read still stand (rules/funds.ts fundsAvailable): "--" only when never read. */}
          Available <b data-testid="ow-available">{m.margin ? `₹${groupIndian(m.margin.available)}` : m.marginProblem ? (funds === undefined ? "--" : `₹${groupIndian(funds)}`) : "…"}</b>
          {rechecking && <span className="ow-rechecking-note" data-testid="ow-rechecking"> rechecking…</span>}
        </span>
        <button type="button" className="btn btn-small" data-keep-enter onClick={() => void runCommand("orderWindow.charges")}>
          Charges
        </button>
        {m.exchangeInAmo && !modifying && (
          <span className="ow-amo-note" data-testid="ow-amo-note">
            {closedMarketNote(shown.orderType)}
          </span>
        )}
        {/* A sale beyond the holding says so (and what to do); else why the figure is what it is (rates differ by
            product, BNPL leverage and segment), or why there is none. The broker's basis also names a sale the
            holding covers only before the client's other working sells claim it (EC949). */}
        {holdingShort ? (
          <span className="ow-margin-missing" data-testid="ow-holding-short">
            {holdingShort}
          </span>
        ) : (
          <span className={`ow-margin-basis${m.margin ? "" : " ow-margin-missing"}${previousInputs ? " ow-margin-previous" : ""}`} data-testid="ow-margin-basis">
            {m.margin ? (m.margin.basis ?? "") : (m.marginProblem ?? "")}
          </span>
        )}
      </div>
      {!modifying && <SliceLine req={req} contract={contract} />}
      {m.problem && !m.problem.field && (
        <div className="ow-problem" role="alert">
          {m.problem.message}
        </div>
      )}
      <EnterLine line={m.enterLine} />
      {m.dialog && <WindowDialog dialog={m.dialog} />}
      <footer className="modal-actions">
        <button type="button" className="btn" data-keep-enter onClick={() => void runCommand("orderWindow.close")}>
          Close <KeyHint command="dialog.close" />
        </button>
        {/* Behind a prompt the button waits for its answer (the command does nothing until then): it
            keeps its colours, and its Enter is the prompt's, so the prompt's button alone says Enter. */}
        <button
          type="button"
          className={`btn btn-primary ow-submit-${buy ? "buy" : "sell"}`}
          aria-disabled={m.submitting || m.dialog !== null}
          data-waiting={m.dialog !== null || undefined}
          data-testid="ow-submit"
          onClick={() => void runCommand("orderWindow.submit")}
        >
          {m.submitting ? "Sending…" : group ? `Modify ${group.slices} slices` : modifying ? "Modify" : shown.side === "BUY" ? "Buy" : "Sell"}
          {/* Sending, Enter sends nothing more (one submit, one order): the key is not offered. */}
          {m.dialog === null && !m.submitting && <> <KeyHint command="orderWindow.submit" /></>}
        </button>
      </footer>
    </form>
  );
}

/**
 * The order opens a position of its product beside one of another product it does not close (FINDINGS-29 s3:
 * `sell INFY 10 mkt` opens INTRADAY, the saved default, against a DELIVERY long): said under the Product
 * select, and gone as soon as the product chosen closes it (rules/otherProduct.ts, the GTT form's rule).
 */
function OtherProductLine({ req, dematHeld }: { req: Pick<OrderRequest, "exchange" | "instrumentId" | "transactionType" | "product" | "quantity">; dematHeld: number }) {
  const rows = useSelector(() => positions$.rows.get());
  const warning = otherProductWarning({ exchange: req.exchange, token: req.instrumentId, transactionType: req.transactionType, quantity: req.quantity }, rows, req.product, { placer: "This order", dematHeld, choosable: true });
  if (!warning) return null;
  return (
    <div className="ow-other-product" data-testid="ow-other-product" role="status">
      {warning}
    </div>
  );
}

/**
 * Above the freeze quantity: the slices the order goes out as, said as information (the order is
 * fine, it just goes as several), or why it cannot be sliced, which stops it and reads as a problem.
 */
function SliceLine({ req, contract }: { req: Pick<OrderRequest, "quantity" | "orderComplexity">; contract: ContractInfo }) {
  const verdict = sliceOrder(req.quantity, contract, req.orderComplexity);
  if (verdict.kind === "whole") return null;
  if (verdict.kind === "refused") {
    return (
      <div className="ow-slices ow-slices-refused" data-testid="ow-slices" data-kind="refused">
        {verdict.reason}
      </div>
    );
  }
  const n = verdict.slices.length;
  return (
    <div className="ow-slices" data-testid="ow-slices" data-kind="info">
      Above the freeze quantity of {contract.freezeQty}, this order goes out as {n} slices ({verdict.slices.join(" + ")}), each with its own key, paced under the order rate limits; the margin shown is theirs.
    </div>
  );
}

function NumberFieldQ(p: { value: number; step: number; lots: boolean; lotSize: number; problem: WindowProblem | undefined; autoFocus?: boolean; disabled?: boolean }) {
  return (
    <NumberField
      id="ow-quantity"
      label={p.lots ? "Quantity (lots)" : "Quantity"}
      value={p.value}
      digitsOnly
      autoFocus={p.autoFocus}
      disabled={p.disabled}
      suffix={p.lots ? `lot ${p.lotSize}` : p.step > 1 ? `lot ${p.step}` : undefined}
      onChange={(quantity) => updateWindow({ quantity })}
      step={(v, d) => Math.max(p.step, (Math.round(v / p.step) + d) * p.step)}
      problem={p.problem}
    />
  );
}

