/**
 * The instrument a dialog acts on, typed ("INFY" or "NSE:INFY") in capitals. It takes the focus
 * when the dialog opens without one; given one, the next field does. `fixed`: shown, not changed
 * (a modified alert keeps its instrument).
 */
export function InstrumentField({ label, given, value, onChange, fixed }: { label: string; given: string; value: string; onChange: (v: string) => void; fixed?: boolean }) {
  return (
    <label className="login-field">
      <span>{label}</span>
      <input data-autofocus={given ? undefined : true} aria-label="Instrument" autoComplete="off" readOnly={fixed} value={value} onChange={(e) => onChange(e.target.value.toUpperCase())} />
    </label>
  );
}
