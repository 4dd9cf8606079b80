import type { Instrument } from "../types.js";
import type { EtfGroup } from "../../../src/core/rules/discover.js";

/**
 * Exchange traded funds on NSE, grouped as the ETF page shows them (access-and-surroundings
 * section 2: INDEX BASED, DEBT, POWER). Reference prices are their late-2025 levels, rounded.
 * POWER holds the funds whose baskets are mostly power and energy companies (CPSE, Bharat 22,
 * infrastructure). GOLDBEES tracks the domestic price of gold, a price index, so it sits with
 * the index funds. ISINs are the AMCs' as recalled when this table was written; the paper
 * broker uses them only as the holding key.
 */
export interface EtfRow {
  symbol: string;
  isin: string;
  companyName: string;
  price: number;
  group: EtfGroup;
}

export const ETFS: readonly EtfRow[] = [
  { symbol: "NIFTYBEES", isin: "INF204KB14I2", companyName: "Nippon India ETF Nifty 50 BeES", price: 290.5, group: "INDEX BASED" },
  { symbol: "BANKBEES", isin: "INF204KB15I9", companyName: "Nippon India ETF Nifty Bank BeES", price: 598.2, group: "INDEX BASED" },
  { symbol: "JUNIORBEES", isin: "INF204K014N5", companyName: "Nippon India ETF Nifty Next 50 Junior BeES", price: 742.6, group: "INDEX BASED" },
  { symbol: "SETFNIF50", isin: "INF200KA1FS1", companyName: "SBI Nifty 50 ETF", price: 272.4, group: "INDEX BASED" },
  { symbol: "ITBEES", isin: "INF204KB13I4", companyName: "Nippon India ETF Nifty IT", price: 40.15, group: "INDEX BASED" },
  { symbol: "PSUBNKBEES", isin: "INF204KB16I7", companyName: "Nippon India ETF Nifty PSU Bank BeES", price: 88.3, group: "INDEX BASED" },
  { symbol: "MON100", isin: "INF247L01AP3", companyName: "Motilal Oswal NASDAQ 100 ETF", price: 198.7, group: "INDEX BASED" },
  { symbol: "GOLDBEES", isin: "INF204KB17I5", companyName: "Nippon India ETF Gold BeES", price: 104.9, group: "INDEX BASED" },
  { symbol: "LIQUIDBEES", isin: "INF732E01037", companyName: "Nippon India ETF Nifty 1D Rate Liquid BeES", price: 1000, group: "DEBT" },
  { symbol: "GILT5YBEES", isin: "INF204KC1402", companyName: "Nippon India ETF Nifty 5 yr Benchmark G-Sec", price: 63.2, group: "DEBT" },
  { symbol: "LTGILTBEES", isin: "INF204KC1444", companyName: "Nippon India ETF Nifty 8-13 yr G-Sec Long Term Gilt", price: 28.4, group: "DEBT" },
  { symbol: "EBBETF0430", isin: "INF754K01LE1", companyName: "Bharat Bond ETF April 2030", price: 1402.5, group: "DEBT" },
  { symbol: "EBBETF0433", isin: "INF754K01OI3", companyName: "Bharat Bond ETF April 2033", price: 1281.3, group: "DEBT" },
  { symbol: "LICNETFGSC", isin: "INF767K01MD4", companyName: "LIC MF Nifty 8-13 yr G-Sec ETF", price: 27.35, group: "DEBT" },
  { symbol: "SETF10GILT", isin: "INF200KA1Y42", companyName: "SBI Nifty 10 yr Benchmark G-Sec ETF", price: 262.8, group: "DEBT" },
  { symbol: "CPSEETF", isin: "INF457M01133", companyName: "CPSE ETF", price: 92.6, group: "POWER" },
  { symbol: "ICICIB22", isin: "INF109KB15Y7", companyName: "Bharat 22 ETF", price: 117.4, group: "POWER" },
  { symbol: "INFRABEES", isin: "INF204K014C8", companyName: "Nippon India ETF Nifty Infrastructure BeES", price: 938.5, group: "POWER" },
];

export const ETF_BY_SYMBOL: ReadonlyMap<string, EtfRow> = new Map(ETFS.map((e) => [e.symbol, e]));

/** NSE cash listings of the ETFs; tokens from 7001 on, clear of the NIFTY 500 shares' 1001+ rows. */
export function etfInstruments(): Instrument[] {
  return ETFS.map((e, i) => ({
    exchange: "NSEEQ",
    token: 7001 + i,
    tradingSymbol: `${e.symbol}-EQ`,
    symbol: e.symbol,
    formattedInsName: `${e.symbol} EQ`,
    companyName: e.companyName,
    insType: "EQ",
    isin: e.isin,
    lotSize: 1,
    // NSE trades every ETF on a one-paisa tick.
    tickSize: 0.01,
    multiplier: 1,
    freezeQty: 0,
    productLeverage: 0,
    surveillance: null,
    expiry: "",
    strikePrice: 0,
    optionType: null,
    underlying: null,
    // ETFs carry a 20 % band either side of the previous close.
    circuitPercent: 20,
    referencePrice: e.price,
    isIndex: false,
  }));
}
