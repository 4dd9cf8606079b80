import { bases } from "../config";
import type { Bar } from "../../core/types/bar";
import type { Exchange } from "../../core/types/exchange";
import { call, serviceClient, type Envelope } from "./http";

/** The charts host (DESIGN.md section 4, /charts); the paper broker answers GET bars. */
export const chartsApi = serviceClient(bases.charts);

export const getBars = (exchange: Exchange, token: number): Promise<Envelope<Bar>> =>
  call<Bar>(chartsApi, `bars?exchange=${encodeURIComponent(exchange)}&token=${token}`, { method: "get" });
