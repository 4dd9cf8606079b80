/** Before any instrument is chosen, a chart shows the index an Indian trader glances at first. */
export const FIRST_CHART = { exchange: "NSEEQ", token: 26000, tradingSymbol: "NIFTY" } as const;
