import * as wire from "../../core/wire/chartIndicators";
import { send } from "./send";

/** The user's default chart indicators, kept by the broker (issue 34, server/chartIndicators/routes.ts). */
export const fetchChartTemplate = () => send(wire.chartTemplate, { body: {} });
export const storeChartTemplate = (indicators: string[]) => send(wire.saveChartTemplate, { body: { indicators } });
