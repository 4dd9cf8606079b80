import { ERROR_CATALOGUE } from "../errors";
import { MAX_INDICATORS } from "../charts/indicators/spec";
import { defineCall } from "./call";
import { Envelope, NoBody, refused, Type, type Static } from "./schema";

/**
 * The user's default chart indicators (issue 34): what a new chart starts with, kept by the
 * broker per user in its settings table, as each would be typed after `chart add` ("ema 20",
 * "macd 12 26 9": core/charts/indicators/spec.ts).
 */
const Indicators = Type.Array(Type.String({ maxLength: 40 }), { description: "Each as typed after chart add: \"ema 20\", \"rsi 14\", \"macd 12 26 9\"" });

export const ChartTemplate = Type.Object({ indicators: Indicators });
export type ChartTemplate = Static<typeof ChartTemplate>;

export const chartTemplate = defineCall({
  method: "POST",
  service: "core",
  path: "v2/charts/template",
  tag: "charts",
  summary: "The user's default chart indicators (a new chart starts with them)",
  body: NoBody,
  answer: Envelope(ChartTemplate),
});

export const saveChartTemplate = defineCall({
  method: "POST",
  service: "core",
  path: "v2/charts/template/save",
  tag: "charts",
  summary: "Saves the user's default chart indicators (EC740 unknown, EC741 bad settings, EC742 too many); answers them as kept",
  body: Type.Object({ indicators: Type.Array(Type.String({ maxLength: 40 }), { maxItems: MAX_INDICATORS, ...refused("EC742", `${ERROR_CATALOGUE.EC742}: at most ${MAX_INDICATORS}`) }) }, refused("EC741")),
  answer: Envelope(ChartTemplate),
});
