import { bases } from "../config";
import type { Bar } from "../../core/types/bar";
import type { ChartInterval } from "../../core/charts/intervals";
import type { Exchange } from "../../core/types/exchange";
import { call, serviceClient, type Envelope } from "./http";

/** The charts host (DESIGN.md section 4, /charts): the paper broker answers GET bars and POST ticket. */
export const chartsApi = serviceClient(bases.charts);

/** History, then today's session, oldest first, at `interval`. */
export const getBars = (exchange: Exchange, token: number, interval: ChartInterval = "1m"): Promise<Envelope<Bar>> =>
  call<Bar>(chartsApi, `bars?exchange=${encodeURIComponent(exchange)}&token=${token}&interval=${interval}`, { method: "get" });

/** A one-minute, once-only ticket that opens one chart page (server/charts/auth.ts). */
export const mintChartTicket = (): Promise<Envelope<{ ticket: string }>> => call<{ ticket: string }>(chartsApi, "ticket", { method: "post", json: {} });
