import { VALIDITIES } from "../types/order";
import { defineCall } from "./call";
import { Envelope, NoBody, OneOf, refused, Type, type Static } from "./schema";

/**
 * Order presets and bracket templates (issue 33), kept per user by the broker: Tape's own calls
 * under /core/v2/desk. Each save and delete answers the whole list, as the aliases do.
 */

const badPreset = refused("EC720");
const badTemplate = refused("EC723");

const Distance = Type.Object({ unit: OneOf(["points", "percent"], badPreset), value: Type.Number(badPreset) }, badPreset);

export const OrderPresetSchema = Type.Object(
  {
    quantity: Type.Optional(Type.Object({ unit: OneOf(["units", "lots", "amount"], badPreset), value: Type.Number(badPreset) }, badPreset)),
    offset: Type.Optional(Type.Object({ from: OneOf(["bid", "ask", "ltp"], badPreset), ticks: Type.Integer(badPreset) }, badPreset)),
    validity: Type.Optional(OneOf(VALIDITIES, badPreset)),
    target: Type.Optional(Distance),
    stop: Type.Optional(Distance),
    bracket: Type.Optional(Type.String({ ...refused("EC721"), description: "A segment's default bracket template, by name" })),
  },
  badPreset,
);

export const PresetRow = Type.Object({
  key: Type.String({ description: 'Where it applies: "segment:equity" (derivatives, currency, commodity) or an instrument, "NSEEQ:INFY"' }),
  preset: OrderPresetSchema,
});
export type PresetRow = Static<typeof PresetRow>;

export const listPresets = defineCall({
  method: "POST",
  service: "core",
  path: "v2/desk/presets",
  tag: "risk",
  summary: "The user's order presets, by key",
  body: NoBody,
  answer: Envelope(PresetRow),
});

export const savePreset = defineCall({
  method: "POST",
  service: "core",
  path: "v2/desk/presets/save",
  tag: "risk",
  summary: "Saves an order preset of a segment or an instrument (EC720 when invalid, EC721 for an unknown bracket); answers the list",
  body: Type.Object({ key: Type.String({ ...badPreset, minLength: 3, maxLength: 60 }), preset: OrderPresetSchema }, badPreset),
  answer: Envelope(PresetRow),
});

export const deletePreset = defineCall({
  method: "POST",
  service: "core",
  path: "v2/desk/presets/delete",
  tag: "risk",
  summary: "Deletes an order preset (EC729 when there is none); answers the list",
  body: Type.Object({ key: Type.String(refused("EC729")) }, refused("EC729")),
  answer: Envelope(PresetRow),
});

export const BracketTemplateRow = Type.Object(
  {
    name: Type.String({ ...refused("EC722"), description: "A letter, then up to 23 letters, digits, - or _; kept in lower case" }),
    targets: Type.Array(Type.Object({ points: Type.Number(refused("EC724")), share: Type.Number(badTemplate) }, badTemplate), { ...badTemplate, minItems: 1, maxItems: 3, description: "Nearest first: points from the entry in favour, percent of the quantity" }),
    stopPoints: Type.Number({ ...refused("EC724"), description: "Points from the entry, against" }),
    breakEven: Type.Optional(
      Type.Object(
        { after: OneOf(["ticks", "target"], refused("EC725")), ticks: Type.Optional(Type.Integer(refused("EC725"))) },
        { ...refused("EC725"), description: "Moves the stop to the entry price after `ticks` ticks in favour, or after the first target fills" },
      ),
    ),
  },
  badTemplate,
);
export type BracketTemplateRow = Static<typeof BracketTemplateRow>;

export const listTemplates = defineCall({
  method: "POST",
  service: "core",
  path: "v2/desk/brackets",
  tag: "risk",
  summary: "The user's bracket templates, by name",
  body: NoBody,
  answer: Envelope(BracketTemplateRow),
});

export const saveTemplate = defineCall({
  method: "POST",
  service: "core",
  path: "v2/desk/brackets/save",
  tag: "risk",
  summary: "Saves a bracket template (EC722-EC725 when invalid, EC727 over 30); answers the list",
  body: BracketTemplateRow,
  answer: Envelope(BracketTemplateRow),
});

export const deleteTemplate = defineCall({
  method: "POST",
  service: "core",
  path: "v2/desk/brackets/delete",
  tag: "risk",
  summary: "Deletes a bracket template (EC721 when there is none); answers the list",
  body: Type.Object({ name: Type.String(refused("EC721")) }, refused("EC721")),
  answer: Envelope(BracketTemplateRow),
});
