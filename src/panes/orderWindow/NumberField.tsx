import { useEffect, useRef, useState } from "react";
import type { WindowProblem } from "../../core/rules/orderRequest";
import { numberOnly, restrictAfterDot } from "../../core/rules/inputRestrictions";

/**
 * A numeric input that keeps what is typed ("15." stays "15.") and reports numbers. ArrowUp and
 * ArrowDown step the value (by tick for prices, by lot for quantity: the caller's `step`). A
 * problem with the value is shown under the field, with the nearest valid prices to choose from
 * when it is off the tick (nothing is rounded behind the trader's back).
 */
export function NumberField(props: {
  id: string;
  label: string;
  value: number;
  onChange: (n: number) => void;
  step: (value: number, direction: 1 | -1) => number;
  digitsOnly?: boolean;
  disabled?: boolean;
  suffix?: string;
  autoFocus?: boolean;
  problem?: WindowProblem | undefined;
  /** How a price offered in place of an off-tick one is written (the exchange's decimals). */
  formatOffer?: (n: number) => string;
  /** How a value set from outside (a default, a pre-fill, an arrow step) is written: a price with the exchange's decimals (core/format priceFieldText). */
  write?: (n: number) => string;
}) {
  const write = props.write ?? ((n: number) => (n ? String(n) : ""));
  const [text, setText] = useState(write(props.value));
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const parsed = Number(text) || 0;
    if (parsed !== props.value) setText(write(props.value));
    // Only an outside change (an arrow step, a new order) rewrites the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.value]);
  const onText = (raw: string) => {
    // "Quantity input accepts digits only" (number-only); prices keep one dot and at most 6 digits after it (section 5).
    const clean = props.digitsOnly ? numberOnly(raw) : restrictAfterDot(raw);
    setText(clean);
    props.onChange(Number(clean) || 0);
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
    e.preventDefault();
    const next = Math.max(0, props.step(Number(text) || 0, e.key === "ArrowUp" ? 1 : -1));
    setText(write(next));
    props.onChange(next);
  };
  const offer = (n: number) => {
    props.onChange(n);
    input.current?.focus();
  };
  const problemId = `${props.id}-problem`;
  const format = props.formatOffer ?? String;
  return (
    <div className="ow-field">
      <label className="ow-label" htmlFor={props.id}>
        {props.label}
      </label>
      <input
        ref={input}
        id={props.id}
        name={props.id}
        type="text"
        inputMode={props.digitsOnly ? "numeric" : "decimal"}
        autoComplete="off"
        value={text}
        disabled={props.disabled}
        autoFocus={props.autoFocus}
        aria-invalid={props.problem ? true : undefined}
        aria-describedby={props.problem ? problemId : undefined}
        onChange={(e) => onText(e.target.value)}
        // Focus selects the figure, so typing replaces it (a modify opens on the price to retype it).
        onFocus={(e) => e.currentTarget.select()}
        onKeyDown={onKeyDown}
      />
      {props.suffix && <span className="ow-suffix">{props.suffix}</span>}
      {props.problem && <FieldProblem id={problemId} problem={props.problem} offer={offer} format={format} />}
    </div>
  );
}

/** A field's problem; an off-tick price comes with its two nearest valid prices as buttons (Enter on one takes it). */
export function FieldProblem(props: { id: string; problem: WindowProblem; offer?: (n: number) => void; format?: (n: number) => string }) {
  const { problem, offer } = props;
  const format = props.format ?? String;
  return (
    <div className="ow-field-problem" id={props.id}>
      <span role="alert">{problem.message}</span>
      {problem.nearest && offer && (
        <span className="ow-offers">
          {problem.nearest.map((n) => (
            <button key={n} type="button" className="btn btn-small" data-keep-enter onClick={() => offer(n)}>
              {format(n)}
            </button>
          ))}
        </span>
      )}
    </div>
  );
}
