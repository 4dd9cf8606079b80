import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { formatDate } from "../../core/format";
import {
  DATE_INPUT_DEBOUNCE_MS, dayProblem, fromMasked, isPickerKey, maskTyped, monthGrid, monthOf, moveCursor, POPOVER_HIDE_DELAY_MS, swipeMonths, addMonths,
} from "../../core/rules/datePicker";
import { useClickOutside } from "../layout/clickOutside";
import { Tooltip } from "./Tooltip";
import "./widgets.css";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export interface DatePickerProps {
  id: string;
  label: string;
  /** The chosen date "YYYY-MM-DD", "" for none. */
  value: string;
  onChange: (dateKey: string) => void;
  /** The first and last dates allowed. */
  min?: string;
  max?: string;
  /** The month shown when there is no value yet. */
  today: string;
  /** Shown under the field: what is wrong with the date, from the form. */
  problem?: string | undefined;
}

/**
 * The date picker of section 9 (rules in src/core/rules/datePicker.ts). The field takes a typed
 * DD/MM/YYYY date, read 1000 ms after the typing stops; ArrowDown or Alt+ArrowDown (or the button)
 * opens the calendar: 6 week rows of 7 days, arrows move a day or a week, PgUp/PgDn a month,
 * Home/End the week's first and last day, Enter chooses, Esc closes. A quick wide swipe changes
 * the month. Weekends and exchange holidays are disabled and say why in a tooltip. The calendar
 * hides 110 ms after it closes (a click outside closes it too).
 */
export function DatePicker(props: DatePickerProps) {
  const [text, setText] = useState(formatDate(props.value));
  const [typedProblem, setTypedProblem] = useState<string | undefined>();
  const [open, setOpen] = useState(false);
  const [hiding, setHiding] = useState(false);
  const [cursor, setCursor] = useState(props.value || props.today);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const touch = useRef<{ x: number; y: number; t: number } | null>(null);
  const limits = { ...(props.min ? { min: props.min } : {}), ...(props.max ? { max: props.max } : {}) };

  // A value set from outside (a pick, a new order) rewrites the text.
  useEffect(() => {
    setText(formatDate(props.value));
    setTypedProblem(undefined);
  }, [props.value]);

  /**
   * Reads the typed text as the value: true when the field now holds what it shows. A blank field
   * is only a problem when `blankIsWrong` (Enter would send a date the field no longer shows).
   */
  const readTyped = (blankIsWrong: boolean): boolean => {
    if (text === formatDate(props.value)) return true;
    const date = fromMasked(text);
    const problem = date ? dayProblem(date, limits) : text || blankIsWrong ? "Type a date as DD/MM/YYYY" : undefined;
    setTypedProblem(problem);
    if (!date || problem) return false;
    // Committed at once, so the form's Enter, handled right after this key, sends this date.
    flushSync(() => props.onChange(date));
    return true;
  };

  // "date-input debounce 1000 ms": the typed date is read once the typing stops.
  useEffect(() => {
    if (text === formatDate(props.value)) return;
    const t = setTimeout(() => readTyped(false), DATE_INPUT_DEBOUNCE_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per pause in the typing
  }, [text]);

  const show = () => {
    setCursor(props.value || fromMasked(text) || props.today);
    setHiding(false);
    setOpen(true);
  };
  // "popover hide delay 110 ms"
  const hide = (refocus: boolean) => {
    setHiding(true);
    setTimeout(() => {
      setOpen(false);
      setHiding(false);
    }, POPOVER_HIDE_DELAY_MS);
    if (refocus) input.current?.focus();
  };
  useClickOutside(root, open && !hiding, () => hide(false));

  // Placed against the window, not inside the dialog that holds the field (a dialog scrolls and
  // clips): below the field, or above it when there is no room below, and never off the edge.
  useLayoutEffect(() => {
    if (!open) {
      setPlace(null);
      return;
    }
    const field = root.current?.querySelector(".datepicker-field")?.getBoundingClientRect();
    const box = popover.current?.getBoundingClientRect();
    if (!field || !box) return;
    const below = field.bottom + 4;
    const top = below + box.height <= window.innerHeight - 8 ? below : Math.max(8, field.top - 4 - box.height);
    const left = Math.max(8, Math.min(field.right - box.width, window.innerWidth - 8 - box.width));
    setPlace({ top, left });
  }, [open]);

  // The day under the cursor holds focus, so the keys reach the grid and a screen reader reads it.
  useEffect(() => {
    if (open && !hiding && place) grid.current?.querySelector<HTMLElement>(`[data-date="${cursor}"]`)?.focus();
  }, [open, hiding, cursor, place]);

  const choose = (date: string) => {
    if (dayProblem(date, limits)) return;
    props.onChange(date);
    setText(formatDate(date));
    setTypedProblem(undefined);
    hide(true);
  };

  const onGridKey = (e: React.KeyboardEvent) => {
    if (isPickerKey(e.key)) setCursor(moveCursor(cursor, e.key));
    else if (e.key === "Enter" || e.key === " ") choose(cursor);
    else if (e.key === "Escape") hide(true);
    else if (e.key === "Tab") hide(false);
    else return;
    if (e.key !== "Tab") e.preventDefault();
    // The calendar's keys are its own: not the order window's Enter or Esc, not a list's arrows.
    e.stopPropagation();
  };

  const { year, month } = monthOf(cursor);
  const problem = typedProblem ?? props.problem;
  const problemId = `${props.id}-problem`;
  return (
    <div className="ow-field datepicker" ref={root}>
      <label className="ow-label" htmlFor={props.id}>
        {props.label}
      </label>
      <span className="datepicker-field">
        <input
          ref={input}
          id={props.id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-describedby={problem ? problemId : undefined}
          aria-invalid={problem ? true : undefined}
          // A combobox whose popup is the calendar dialog (the ARIA date picker pattern): a plain text box may not say it opens one.
          role="combobox"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? `${props.id}-calendar` : undefined}
          // The mask is the format; a field is never left blank-looking: the value's own mask shows once set.
          aria-label={`${props.label} (DD/MM/YYYY)`}
          value={text}
          onChange={(e) => setText(maskTyped(e.target.value))}
          // What the field shows is what its form sends: Enter or leaving the field reads a date
          // typed in the last second now, not when the debounce ends (Enter had sent the date from
          // before the typing). A date that cannot be read keeps Enter from submitting.
          onBlur={() => readTyped(false)}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") {
              e.preventDefault();
              e.stopPropagation();
              show();
            } else if (e.key === "Enter" && !readTyped(true)) {
              e.preventDefault();
              e.stopPropagation();
            }
          }}
        />
        <button type="button" className="btn btn-small datepicker-open" data-keep-enter aria-label={`Choose ${props.label} from a calendar`} tabIndex={-1} onClick={() => (open ? hide(true) : show())}>
          ▾
        </button>
      </span>
      {problem && (
        <div className="ow-field-problem" id={problemId}>
          <span role="alert">{problem}</span>
        </div>
      )}
      {open && (
        <div
          ref={popover}
          id={`${props.id}-calendar`}
          className={`datepicker-popover${hiding ? " datepicker-hiding" : ""}`}
          style={place ? { top: place.top, left: place.left } : { visibility: "hidden", top: 0, left: 0 }}
          role="dialog"
          aria-label={`${props.label}: ${MONTHS[month - 1]} ${year}`}
          data-keep-enter
          onTouchStart={(e) => {
            const t = e.touches[0];
            if (t) touch.current = { x: t.clientX, y: t.clientY, t: e.timeStamp };
          }}
          onTouchEnd={(e) => {
            const start = touch.current;
            const t = e.changedTouches[0];
            touch.current = null;
            if (!start || !t) return;
            const months = swipeMonths({ dx: t.clientX - start.x, dy: t.clientY - start.y, ms: e.timeStamp - start.t });
            if (months !== 0) setCursor(addMonths(cursor, months));
          }}
        >
          <div className="datepicker-head">
            <button type="button" className="btn btn-small" tabIndex={-1} aria-label="Previous month, PgUp" onClick={() => setCursor(addMonths(cursor, -1))}>
              ‹ <kbd>PgUp</kbd>
            </button>
            <span className="datepicker-month" aria-live="polite">
              {MONTHS[month - 1]} {year}
            </span>
            <button type="button" className="btn btn-small" tabIndex={-1} aria-label="Next month, PgDn" onClick={() => setCursor(addMonths(cursor, 1))}>
              <kbd>PgDn</kbd> ›
            </button>
          </div>
          {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- focus sits on the chosen day (roving), never on the grid */}
          <div className="datepicker-grid" role="grid" ref={grid} onKeyDown={onGridKey}>
            <div role="row" className="datepicker-row">
              {WEEKDAYS.map((d) => (
                <span key={d} role="columnheader" className="datepicker-weekday">
                  {d}
                </span>
              ))}
            </div>
            {monthGrid(year, month).map((week) => (
              <div role="row" className="datepicker-row" key={week[0]}>
                {week.map((date) => {
                  const why = dayProblem(date, limits);
                  const cell = (
                    <button
                      type="button"
                      role="gridcell"
                      data-date={date}
                      tabIndex={date === cursor ? 0 : -1}
                      aria-selected={date === props.value}
                      aria-disabled={why ? true : undefined}
                      aria-describedby={why ? `${props.id}-why-${date}` : undefined}
                      className={`datepicker-day${monthOf(date).month !== month ? " datepicker-other" : ""}${date === props.value ? " datepicker-chosen" : ""}${date === props.today ? " datepicker-today" : ""}${why ? " datepicker-disabled" : ""}`}
                      onClick={() => {
                        setCursor(date);
                        choose(date);
                      }}
                    >
                      {Number(date.slice(8))}
                    </button>
                  );
                  return why ? (
                    <Tooltip key={date} id={`${props.id}-why-${date}`} text={why}>
                      {cell}
                    </Tooltip>
                  ) : (
                    <span key={date} className="tooltip-anchor">
                      {cell}
                    </span>
                  );
                })}
              </div>
            ))}
          </div>
          <div className="datepicker-keys muted">
            <kbd>←↑→↓</kbd> day/week · <kbd>PgUp</kbd>/<kbd>PgDn</kbd> month · <kbd>Home</kbd>/<kbd>End</kbd> week · <kbd>Enter</kbd> choose · <kbd>Esc</kbd> close
          </div>
        </div>
      )}
    </div>
  );
}
