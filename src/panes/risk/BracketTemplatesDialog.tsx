import { useSelector } from "@legendapp/state/react";
import { useState } from "react";
import { runCommand } from "../../commands/run";
import type { BracketTemplate } from "../../core/rules/bracket";
import { formOfTemplate, type TemplateForm } from "../../core/rules/deskForms";
import { templateSummary } from "../../core/rules/presetWindow";
import { desk$ } from "../../data/stores/desk";
import { CommandForm } from "../dialogs/CommandForm";
import { Modal } from "../dialogs/Modal";

const NEW = "";

/**
 * Issue 33: bracket templates: an entry's targets (each points from the entry and a share of the
 * quantity, nearest first; the shares sum to 100 %), its stop, and an optional break-even. Used by
 * name on the command line (`buy INFY 30 @ 1500 with scalp3`) or as a segment's preset.
 */
export function BracketTemplatesDialog() {
  const templates = useSelector(() => desk$.templates.get()) as BracketTemplate[];
  const [chosen, setChosen] = useState(NEW);
  const [form, setForm] = useState<TemplateForm>(() => formOfTemplate(undefined));
  const choose = (name: string) => {
    setChosen(name);
    setForm(formOfTemplate(templates.find((t) => t.name === name)));
  };
  const setTarget = (i: number, k: "points" | "share") => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, targets: form.targets.map((t, j) => (j === i ? { ...t, [k]: e.target.value } : t)) });
  return (
    <Modal title="Bracket templates" wide>
      <CommandForm dialog="bracketTemplates" call={{ commandId: "desk.brackets.save", args: form }} submit="Save template" testId="bracket-templates-form">
        <p className="muted">
          The broker places the targets and the stop as the entry fills; a target&apos;s fill lowers the stop, the stop&apos;s fill cancels the targets. Shares are of the quantity, in whole lots, the rest on the last target. Use one with <kbd>buy INFY 30 @ 1500 with NAME</kbd>.
        </p>
        <div className="loss-limit-fields">
          <label className="login-field">
            <span>Template</span>
            <select data-autofocus value={chosen} onChange={(e) => choose(e.target.value)}>
              <option value={NEW}>New template</option>
              {templates.map((t) => (
                <option key={t.name}>{t.name}</option>
              ))}
            </select>
          </label>
          <label className="login-field">
            <span>Name</span>
            <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </label>
          <label className="login-field">
            <span>Stop, points against the entry</span>
            <input inputMode="decimal" value={form.stopPoints} onChange={(e) => setForm({ ...form, stopPoints: e.target.value })} />
          </label>
        </div>
        <div className="loss-limit-fields">
          {form.targets.map((t, i) => (
            <div key={i} className="bracket-target">
              <label className="login-field">
                <span>Target {i + 1}, points in favour</span>
                <input inputMode="decimal" value={t.points} onChange={setTarget(i, "points")} />
              </label>
              <label className="login-field">
                <span>Target {i + 1}, % of the quantity</span>
                <input inputMode="decimal" value={t.share} onChange={setTarget(i, "share")} />
              </label>
            </div>
          ))}
        </div>
        <div className="loss-limit-fields">
          <label className="login-field">
            <span>Break-even (stop to the entry price)</span>
            <select value={form.breakEven} onChange={(e) => setForm({ ...form, breakEven: e.target.value as TemplateForm["breakEven"] })}>
              <option value="">never</option>
              <option value="ticks">after N ticks in favour</option>
              <option value="target">after the first target fills</option>
            </select>
          </label>
          <label className="login-field">
            <span>Ticks in favour</span>
            <input inputMode="numeric" value={form.breakEvenTicks} disabled={form.breakEven !== "ticks"} onChange={(e) => setForm({ ...form, breakEvenTicks: e.target.value })} />
          </label>
        </div>
        {chosen !== NEW && (
          <button type="button" className="btn" data-testid="template-delete" onClick={() => void runCommand("desk.brackets.delete", { name: chosen })}>
            Delete the template {chosen}
          </button>
        )}
        <table className="grid" aria-label="Saved bracket templates" data-testid="bracket-templates-list">
          <thead>
            <tr>
              <th>Name</th>
              <th>Targets, stop and break-even</th>
            </tr>
          </thead>
          <tbody>
            {templates.length === 0 && (
              <tr>
                <td colSpan={2} className="muted">
                  No templates yet.
                </td>
              </tr>
            )}
            {templates.map((t) => (
              <tr key={t.name} data-template={t.name}>
                <td>{t.name}</td>
                <td>{templateSummary(t)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CommandForm>
    </Modal>
  );
}
