/**
 * The instrument a dialog acts on, typed ("INFY" or "NSE:INFY") in capitals. It takes the focus
 * when the dialog opens without one; given one, the next field does.
 */
export function InstrumentField({ label, given, value, onChange }: { label: string; given: string; value: string; onChange: (v: string) => void }) {
  return (
    <label className="login-field">
      <span>{label}</span>
      <input data-autofocus={given ? undefined : true} aria-label="Instrument" autoComplete="off" value={value} onChange={(e) => onChange(e.target.value.toUpperCase())} />
    </label>
  );
}
