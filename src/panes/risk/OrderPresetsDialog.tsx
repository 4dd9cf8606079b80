import { useSelector } from "@legendapp/state/react";
import { useState } from "react";
import { runCommand } from "../../commands/run";
import { formOfPreset, presetFormKey, type PresetForm } from "../../core/rules/deskForms";
import { presetLabel, presetSummary, SEGMENT_NAMES } from "../../core/rules/orderPresets";
import { EXCHANGES } from "../../core/types/exchange";
import { desk$ } from "../../data/stores/desk";
import { CommandForm } from "../dialogs/CommandForm";
import { Modal } from "../dialogs/Modal";

const SCOPES = [...(Object.keys(SEGMENT_NAMES) as Array<keyof typeof SEGMENT_NAMES>).map((s) => ({ value: `segment:${s}`, label: `${SEGMENT_NAMES[s]} (segment)` })), { value: "instrument", label: "One instrument" }];

/**
 * Issue 33: the order presets `b`/`s` open the window with, per segment and per instrument (an
 * instrument's beats its segment's). Choosing what a preset is of fills the fields from the one
 * saved; a blank choice is "not set".
 */
export function OrderPresetsDialog() {
  const presets = useSelector(() => desk$.presets.get());
  const templates = useSelector(() => desk$.templates.get());
  const [form, setForm] = useState<PresetForm>(() => formOfPreset("segment:equity", desk$.presets.peek().find((p) => p.key === "segment:equity")?.preset));
  const saved = presets.find((p) => p.key === presetFormKey(form));
  const choose = (key: string) => setForm(formOfPreset(key, presets.find((p) => p.key === key)?.preset));
  const set =
    <K extends keyof PresetForm>(k: K) =>
    (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setForm({ ...form, [k]: e.target.value as PresetForm[K] });
  return (
    <Modal title="Order presets" wide>
      <CommandForm dialog="orderPresets" call={{ commandId: "desk.presets.save", args: form }} submit="Save preset" testId="order-presets-form">
        <p className="muted">What b and s fill the order window with. An instrument&apos;s preset beats its segment&apos;s; a choice left at “not set” keeps the window&apos;s own.</p>
        <div className="loss-limit-fields">
          <label className="login-field">
            <span>Preset of</span>
            <select data-autofocus value={form.scope} onChange={(e) => (e.target.value === "instrument" ? setForm({ ...formOfPreset("instrument", undefined), exchange: form.exchange }) : choose(e.target.value))}>
              {SCOPES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
          {form.scope === "instrument" && (
            <>
              <label className="login-field">
                <span>Exchange</span>
                <select value={form.exchange} onChange={set("exchange")}>
                  {EXCHANGES.map((x) => (
                    <option key={x}>{x}</option>
                  ))}
                </select>
              </label>
              <label className="login-field">
                <span>Symbol (the underlying on F&amp;O)</span>
                <input value={form.symbol} onChange={(e) => setForm({ ...formOfPreset(`${form.exchange}:${e.target.value.toUpperCase()}`, presets.find((p) => p.key === `${form.exchange}:${e.target.value.trim().toUpperCase()}`)?.preset), symbol: e.target.value })} />
              </label>
            </>
          )}
        </div>
        <div className="loss-limit-fields">
          <label className="login-field">
            <span>Quantity in</span>
            <select value={form.quantityUnit} onChange={set("quantityUnit")}>
              <option value="">not set</option>
              <option value="units">units</option>
              <option value="lots">lots</option>
              <option value="amount">₹ amount (whole lots, rounded down)</option>
            </select>
          </label>
          <label className="login-field">
            <span>Quantity</span>
            <input inputMode="decimal" value={form.quantity} disabled={!form.quantityUnit} onChange={set("quantity")} />
          </label>
          <label className="login-field">
            <span>Price from</span>
            <select value={form.offsetFrom} onChange={set("offsetFrom")}>
              <option value="">not set (the window&apos;s)</option>
              <option value="ltp">LTP</option>
              <option value="bid">Bid</option>
              <option value="ask">Ask</option>
            </select>
          </label>
          <label className="login-field">
            <span>Offset, ticks (+ towards the other side)</span>
            <input inputMode="numeric" value={form.offsetTicks} disabled={!form.offsetFrom} onChange={set("offsetTicks")} />
          </label>
          <label className="login-field">
            <span>Validity</span>
            <select value={form.validity} onChange={set("validity")}>
              <option value="">not set</option>
              <option value="DAY">DAY</option>
              <option value="IOC">IOC</option>
            </select>
          </label>
          <label className="login-field">
            <span>Bracket template</span>
            <select value={form.bracket} onChange={set("bracket")}>
              <option value="">none</option>
              {templates.map((t) => (
                <option key={t.name}>{t.name}</option>
              ))}
            </select>
          </label>
          <label className="login-field">
            <span>Target in</span>
            <select value={form.targetUnit} onChange={set("targetUnit")}>
              <option value="">not set</option>
              <option value="points">points</option>
              <option value="percent">% of the price</option>
            </select>
          </label>
          <label className="login-field">
            <span>Target</span>
            <input inputMode="decimal" value={form.target} disabled={!form.targetUnit} onChange={set("target")} />
          </label>
          <label className="login-field">
            <span>Stop in</span>
            <select value={form.stopUnit} onChange={set("stopUnit")}>
              <option value="">not set</option>
              <option value="points">points</option>
              <option value="percent">% of the price</option>
            </select>
          </label>
          <label className="login-field">
            <span>Stop</span>
            <input inputMode="decimal" value={form.stop} disabled={!form.stopUnit} onChange={set("stop")} />
          </label>
        </div>
        {saved && (
          <button type="button" className="btn" data-testid="preset-delete" onClick={() => void runCommand("desk.presets.delete", { key: saved.key })}>
            Delete the {presetLabel(saved.key)} preset
          </button>
        )}
        <table className="grid" aria-label="Saved order presets" data-testid="order-presets-list">
          <thead>
            <tr>
              <th>Preset of</th>
              <th>Sets</th>
            </tr>
          </thead>
          <tbody>
            {presets.length === 0 && (
              <tr>
                <td colSpan={2} className="muted">
                  No presets yet: b and s open the window on its own defaults.
                </td>
              </tr>
            )}
            {presets.map((p) => (
              <tr key={p.key} data-preset={p.key}>
                <td>{presetLabel(p.key)}</td>
                <td>{presetSummary(p.preset)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CommandForm>
    </Modal>
  );
}
