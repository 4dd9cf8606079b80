import type { ChartInterval } from "../../core/charts/intervals";
import type { Exchange } from "../../core/types/exchange";
import * as wire from "../../core/wire/charts";
import { send } from "./send";

/** The charts host (DESIGN.md section 4, /charts): the paper broker answers GET bars and POST ticket (src/core/wire/charts.ts). */

/** History, then today's session, oldest first, at `interval`. */
export const getBars = (exchange: Exchange, token: number, interval: ChartInterval = "1m") => send(wire.bars, { query: { exchange, token, interval } });

/** A one-minute, once-only ticket that opens one chart page (server/charts/auth.ts). */
export const mintChartTicket = () => send(wire.chartTicket, { body: {} });
