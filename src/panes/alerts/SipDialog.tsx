import { useState } from "react";
import { digitLimit, numberOnly, restrictAfterDot } from "../../core/rules/inputRestrictions";
import { SIP_FREQUENCIES, SIP_MAX_COUNT, sipSchedule, type SipFrequency } from "../../core/rules/sip";
import { tradingDateOnOrAfter } from "../../core/calendar/holidays";
import { useBrokerToday } from "../views/brokerToday";
import { CommandForm } from "../dialogs/CommandForm";
import { Modal } from "../dialogs/Modal";
import { DatePicker } from "../widgets/DatePicker";
import { formatDate } from "../../core/format";
import { InstrumentField } from "./InstrumentField";
import "./alerts.css";

const FREQUENCY_LABEL: Record<SipFrequency, string> = { DAILY: "Daily (trading days)", WEEKLY: "Weekly", MONTHLY: "Monthly" };

/**
 * Create a SIP: instrument, a quantity or an amount per instalment, frequency, start date (the
 * date picker: weekends and exchange holidays disabled) and the number of instalments. The
 * instalment dates are shown as they will be placed. Enter saves.
 */
export function SipDialog({ instrument }: { instrument: string }) {
  const today = useBrokerToday();
  const [symbol, setSymbol] = useState(instrument);
  const [by, setBy] = useState<"quantity" | "amount">("quantity");
  const [size, setSize] = useState("");
  const [frequency, setFrequency] = useState<SipFrequency>("MONTHLY");
  // Until the user picks one, the start date is the first trading day from the broker's today.
  const [picked, setStartDate] = useState<string | undefined>();
  const startDate = picked ?? tradingDateOnOrAfter(today);
  const [count, setCount] = useState("12");
  const n = Number(count) || 0;
  const dates = n > 0 && n <= SIP_MAX_COUNT ? sipSchedule({ startDate, frequency, count: n }) : [];
  return (
    <Modal title="Create SIP">
      <CommandForm
        dialog="sip"
        call={{
          commandId: "sip.submit",
          args: { instrument: symbol, quantity: by === "quantity" ? Number(size) || 0 : 0, amount: by === "amount" ? Number(size) || 0 : 0, frequency, startDate, count: n },
        }}
        className="confirm-body sip-form"
        testId="sip-dialog"
        submit="Create SIP"
      >
        <InstrumentField label="Instrument (NSE or BSE share or ETF)" given={instrument} value={symbol} onChange={setSymbol} />
        <div className="sip-row">
          <label className="login-field">
            <span>Each instalment buys</span>
            <select aria-label="Buy by" value={by} onChange={(e) => setBy(e.target.value as "quantity" | "amount")}>
              <option value="quantity">A quantity</option>
              <option value="amount">An amount (₹)</option>
            </select>
          </label>
          <label className="login-field">
            <span>{by === "quantity" ? "Quantity (shares)" : "Amount (₹)"}</span>
            {/* Quantities keep digits only; amounts at most 6 digits after the dot (section 5). */}
            <input
              data-autofocus={instrument ? true : undefined}
              aria-label={by === "quantity" ? "Quantity" : "Amount"}
              inputMode={by === "quantity" ? "numeric" : "decimal"}
              autoComplete="off"
              value={size}
              onChange={(e) => setSize(by === "quantity" ? numberOnly(e.target.value) : restrictAfterDot(e.target.value))}
            />
          </label>
        </div>
        <div className="sip-row">
          <label className="login-field">
            <span>Frequency</span>
            <select aria-label="Frequency" value={frequency} onChange={(e) => setFrequency(e.target.value as SipFrequency)}>
              {SIP_FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {FREQUENCY_LABEL[f]}
                </option>
              ))}
            </select>
          </label>
          <label className="login-field">
            <span>Instalments (1 to {SIP_MAX_COUNT})</span>
            {/* "digit-limit truncates to a configured maximum number of digits": three here. */}
            <input aria-label="Instalments" inputMode="numeric" autoComplete="off" value={count} onChange={(e) => setCount(digitLimit(e.target.value, 3))} />
          </label>
        </div>
        <DatePicker id="sip-start" label="Start date" value={startDate} today={today} min={today} onChange={setStartDate} />
        <p className="muted sip-dates" data-testid="sip-dates">
          {dates.length > 0 ? `Placed on ${dates.slice(0, 3).map(formatDate).join(", ")}${dates.length > 3 ? ` … ${formatDate(dates[dates.length - 1]!)}` : ""} as market orders, once the exchange opens.` : `Give 1 to ${SIP_MAX_COUNT} instalments.`}
        </p>
      </CommandForm>
    </Modal>
  );
}
