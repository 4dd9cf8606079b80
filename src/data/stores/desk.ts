import { observable } from "@legendapp/state";
import type { OrderPresets } from "../../core/rules/orderPresets";
import { presetOfForm, templateOfForm, type PresetForm, type TemplateForm } from "../../core/rules/deskForms";
import { deletePreset, deleteTemplate, listPresets, listTemplates, savePreset, saveTemplate, type BracketTemplateRow, type PresetRow } from "../api/desk";
import { isOk, type Envelope } from "../api/http";
import { clientState, sessionEndedSince } from "./sessionReset";

/** The user's order presets and bracket templates as the broker last answered them (issue 33). */
export interface DeskState {
  presets: PresetRow[];
  templates: BracketTemplateRow[];
  loaded: boolean;
}

const initial = (): DeskState => ({ presets: [], templates: [], loaded: false });
export const desk$ = observable<DeskState>(initial());
clientState({ name: "desk", holds: () => desk$.peek(), reset: () => desk$.set(initial()) });

/** The presets by key, as the rule (src/core/rules/orderPresets.ts) reads them. */
export function presetMap(): OrderPresets {
  return Object.fromEntries(desk$.presets.peek().map((p) => [p.key, p.preset]));
}

/** Reads both lists once a session (the order window and the dialogs ask before they use them). */
export async function loadDesk(force = false): Promise<void> {
  if (desk$.loaded.peek() && !force) return;
  const ended = sessionEndedSince();
  try {
    const [p, t] = await Promise.all([listPresets(), listTemplates()]);
    if (ended()) return;
    desk$.assign({ presets: isOk(p) ? (p.result ?? []) : desk$.presets.peek(), templates: isOk(t) ? (t.result ?? []) : desk$.templates.peek(), loaded: isOk(p) && isOk(t) });
  } catch {
    // Told by the HTTP layer; the last answer stays.
  }
}

/** A save or delete: the list it answers, or the refusal to show in the dialog. */
async function take<T>(send: () => Promise<Envelope<T>>, put: (rows: T[]) => void): Promise<true | string> {
  const e = await send();
  if (!isOk(e)) return `${e.status}: ${e.message}`;
  put(e.result ?? []);
  return true;
}

export const storePreset = (p: PresetRow) => take(() => savePreset(p), (rows) => desk$.presets.set(rows));
export const removePreset = (key: string) => take(() => deletePreset(key), (rows) => desk$.presets.set(rows));
export const storeTemplate = (t: BracketTemplateRow) => take(() => saveTemplate(t), (rows) => desk$.templates.set(rows));
export const removeTemplate = (name: string) => take(() => deleteTemplate(name), (rows) => desk$.templates.set(rows));

/** The presets dialog's Enter: the form read, then kept by the broker; true, or the reason to show. */
export async function savePresetForm(f: PresetForm): Promise<true | string> {
  const read = presetOfForm(f);
  if (typeof read === "string") return read;
  return storePreset(read);
}

/** The templates dialog's Enter. */
export async function saveTemplateForm(f: TemplateForm): Promise<true | string> {
  const t = templateOfForm(f);
  if (typeof t === "string") return t;
  const row: BracketTemplateRow = { name: t.name, targets: t.targets, stopPoints: t.stopPoints, ...(t.breakEven ? { breakEven: t.breakEven } : {}) };
  return storeTemplate(row);
}
