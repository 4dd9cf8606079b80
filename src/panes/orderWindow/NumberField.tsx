import { useEffect, useState } from "react";

/**
 * A numeric input that keeps what is typed ("15." stays "15.") and reports numbers. ArrowUp and
 * ArrowDown step the value (by tick for prices, by lot for quantity: the caller's `step`).
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
}) {
  const [text, setText] = useState(props.value ? String(props.value) : "");
  useEffect(() => {
    const parsed = Number(text) || 0;
    if (parsed !== props.value) setText(props.value ? String(props.value) : "");
    // Only an outside change (an arrow step, a new order) rewrites the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.value]);
  const onText = (raw: string) => {
    // "Quantity input accepts digits only."; prices accept one decimal point.
    const clean = props.digitsOnly ? raw.replace(/[^0-9]/g, "") : raw.replace(/[^0-9.]/g, "").replace(/(\..*)\./g, "$1");
    setText(clean);
    props.onChange(Number(clean) || 0);
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
    e.preventDefault();
    const next = Math.max(0, props.step(Number(text) || 0, e.key === "ArrowUp" ? 1 : -1));
    setText(next ? String(next) : "");
    props.onChange(next);
  };
  return (
    <label className="ow-field" htmlFor={props.id}>
      <span className="ow-label">{props.label}</span>
      <input
        id={props.id}
        name={props.id}
        type="text"
        inputMode={props.digitsOnly ? "numeric" : "decimal"}
        autoComplete="off"
        value={text}
        disabled={props.disabled}
        autoFocus={props.autoFocus}
        onChange={(e) => onText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {props.suffix && <span className="ow-suffix">{props.suffix}</span>}
    </label>
  );
}
