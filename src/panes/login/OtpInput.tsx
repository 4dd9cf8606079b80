import { useEffect, useRef, useState } from "react";
import { acceptPaste, backspace, completedCode, decideKey, emptyBoxes, fillBoxes, type OtpMode } from "../../core/rules/otpInput";

/**
 * The OTP input of section 5: N one-character boxes (default 4). Typing moves to the next
 * box; completion fires only when all N are filled; paste follows the rules in core.
 */
export function OtpInput(props: { length?: number; mode?: OtpMode; label: string; onComplete: (code: string) => void; disabled?: boolean; autoFocus?: boolean }) {
  const length = props.length ?? 4;
  const mode = props.mode ?? "number";
  const [boxes, setBoxesState] = useState(() => emptyBoxes(length));
  // Keys can arrive faster than React re-renders (a fast typist, a keyboard-wedge OTP reader):
  // every key reads the boxes as the previous key left them, not as the last render saw them.
  const current = useRef(boxes);
  const setBoxes = (next: string[]) => {
    current.current = next;
    setBoxesState(next);
  };
  const refs = useRef<Array<HTMLInputElement | null>>([]);

  // Focus the first box on show and again whenever a call that disabled the boxes ends.
  useEffect(() => {
    if (props.autoFocus !== false && !props.disabled) refs.current[0]?.focus();
  }, [props.autoFocus, props.disabled]);

  const update = (next: { boxes: string[]; focus: number }) => {
    setBoxes(next.boxes);
    refs.current[next.focus]?.focus();
    const code = completedCode(next.boxes, length);
    if (code !== undefined) {
      props.onComplete(code);
      // A refused code leaves the boxes empty for the next try.
      setBoxes(emptyBoxes(length));
      refs.current[0]?.focus();
    }
  };

  const onKeyDown = (i: number) => (e: React.KeyboardEvent<HTMLInputElement>) => {
    const d = decideKey(e.key, { ctrl: e.ctrlKey, meta: e.metaKey }, mode);
    if (d === "paste") return; // the paste event handles it
    if (d === "block") {
      e.preventDefault();
      return;
    }
    if (d === "insert") {
      e.preventDefault();
      update(fillBoxes(current.current, i, [e.key]));
      return;
    }
    if (e.key === "Backspace") {
      e.preventDefault();
      update(backspace(current.current, i));
    } else if (e.key === "Delete") {
      e.preventDefault();
      setBoxes(fillBoxes(current.current, i, [""]).boxes);
    } else if (e.key === "ArrowLeft") {
      e.preventDefault();
      refs.current[Math.max(0, i - 1)]?.focus();
    } else if (e.key === "ArrowRight") {
      e.preventDefault();
      refs.current[Math.min(length - 1, i + 1)]?.focus();
    }
    // Tab, Enter, ArrowUp and ArrowDown keep their usual meaning (next field, submit form).
  };

  const onPaste = (i: number) => (e: React.ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const chars = acceptPaste(e.clipboardData.getData("text"), mode, length - i);
    if (chars) update(fillBoxes(current.current, i, chars));
  };

  return (
    <div className="otp-boxes" role="group" aria-label={props.label}>
      {boxes.map((b, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          className="otp-box"
          value={b}
          onChange={() => undefined}
          onKeyDown={onKeyDown(i)}
          onPaste={onPaste(i)}
          inputMode={mode === "number" ? "numeric" : "text"}
          autoComplete="one-time-code"
          maxLength={1}
          disabled={props.disabled}
          aria-label={`${props.label} character ${i + 1} of ${length}`}
        />
      ))}
    </div>
  );
}
