import * as wire from "../../core/wire/desk";
import { send } from "./send";

/** Order presets and bracket templates (issue 33, server/desk/routes.ts), kept per user by the broker. */
export type { BracketTemplateRow, PresetRow } from "../../core/wire/desk";
import type { BracketTemplateRow, PresetRow } from "../../core/wire/desk";

export const listPresets = () => send(wire.listPresets, { body: {} });
export const savePreset = (p: PresetRow) => send(wire.savePreset, { body: p });
export const deletePreset = (key: string) => send(wire.deletePreset, { body: { key } });
export const listTemplates = () => send(wire.listTemplates, { body: {} });
export const saveTemplate = (t: BracketTemplateRow) => send(wire.saveTemplate, { body: t });
export const deleteTemplate = (name: string) => send(wire.deleteTemplate, { body: { name } });
