import type { DrawingPoint, DrawingTool } from "../../core/charts/drawings/types";
import * as wire from "../../core/wire/chartDrawings";
import type { Exchange } from "../../core/types/exchange";
import { send } from "./send";

/** A chart's drawings (issue 34, server/charts/drawings.ts): kept per user and instrument by the broker. */
export type { ChartDrawing } from "../../core/wire/chartDrawings";

export const listDrawings = (exchange: Exchange, token: number) => send(wire.listDrawings, { body: { exchange, token } });
export const saveDrawing = (exchange: Exchange, token: number, tool: DrawingTool, points: DrawingPoint[]) => send(wire.saveDrawing, { body: { exchange, token, tool, points } });
export const deleteDrawing = (drawingId: number) => send(wire.deleteDrawing, { body: { drawingId } });
export const linkDrawingAlert = (drawingId: number, alertId: number) => send(wire.linkDrawingAlert, { body: { drawingId, alertId } });
