import { DRAWING_TOOLS } from "../charts/drawings/types";
import { defineCall } from "./call";
import { Envelope, Exchange, OneOf, refused, Type, WholeOrText, type Static } from "./schema";

/**
 * A chart's drawings (issue 34), kept per user and per instrument by the broker
 * (server/charts/drawings.ts): Tape's own calls under /core. A drawing is a tool and its points
 * (core/charts/drawings/types.ts); a horizontal line may name the price alert made from it.
 */

const badDrawing = refused("EC743");
const noDrawing = refused("EC744");

export const DrawingPoint = Type.Object({
  time: Type.Number({ description: "The bar's start, epoch ms" }),
  price: Type.Number(),
});

export const ChartDrawing = Type.Object({
  drawingId: Type.Number(),
  exchange: Exchange(),
  token: Type.Number(),
  tool: OneOf(DRAWING_TOOLS, { description: "hline (one point), trend, rect, measure, fib (two points each)" }),
  points: Type.Array(DrawingPoint),
  alertId: Type.Union([Type.Number(), Type.Null()], { description: "The price alert made from a horizontal line, null for none" }),
  createdAt: Type.String({ description: "ISO instant" }),
});
export type ChartDrawing = Static<typeof ChartDrawing>;

const Instrument = { exchange: Exchange(refused("EC902")), token: WholeOrText(refused("EC902")) };

export const listDrawings = defineCall({
  method: "POST",
  service: "core",
  path: "v2/chart-drawings",
  tag: "charts",
  summary: "The user's drawings on one instrument's chart, oldest first",
  body: Type.Object(Instrument),
  answer: Envelope(ChartDrawing),
});

export const saveDrawing = defineCall({
  method: "POST",
  service: "core",
  path: "v2/chart-drawings/save",
  tag: "charts",
  summary: "Keeps a new drawing (EC743 with the reason when it is not one; EC745 past 100 on a chart); answers it",
  body: Type.Object({
    ...Instrument,
    tool: OneOf(DRAWING_TOOLS, badDrawing),
    points: Type.Array(Type.Object({ time: Type.Integer(badDrawing), price: Type.Number(badDrawing) }, badDrawing), { ...badDrawing, minItems: 1, maxItems: 2 }),
  }),
  answer: Envelope(ChartDrawing),
});

export const deleteDrawing = defineCall({
  method: "POST",
  service: "core",
  path: "v2/chart-drawings/delete",
  tag: "charts",
  summary: "Removes one of the user's drawings (EC744 when there is none); its alert, if any, stays",
  body: Type.Object({ drawingId: WholeOrText(noDrawing) }),
  answer: Envelope(Type.Object({ drawingId: Type.Number() })),
});

export const linkDrawingAlert = defineCall({
  method: "POST",
  service: "core",
  path: "v2/chart-drawings/alert",
  tag: "charts",
  summary: "Names the price alert made from a horizontal line (EC744 for no such drawing, EC746 when it is not a horizontal line or the alert is not the user's); answers the drawing",
  body: Type.Object({ drawingId: WholeOrText(noDrawing), alertId: WholeOrText(refused("EC746")) }),
  answer: Envelope(ChartDrawing),
});
