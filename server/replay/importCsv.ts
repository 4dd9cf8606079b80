import fs from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { barTicks, syntheticBook, type OhlcBar } from "../../src/core/replay/barTicks.js";
import { TAPE_DEPTH, type TapeLevel, type TapeTick } from "../../src/core/replay/tapeCodec.js";
import { istDateKey, istSecondsOfDay } from "../../src/core/time.js";
import { exchangeIndex, isExchange, priceDecimals } from "../../src/core/types/exchange.js";
import { masterFor } from "../market/instruments/master.js";
import { circuitsFor, openingWeekRange } from "../market/sim/pricing.js";
import { Rng } from "../market/sim/rng.js";
import type { Instrument } from "../market/types.js";
import { tapePath, TapeWriter } from "./tapeFile.js";

/**
 * Import of real data (issue 35): a CSV of one-minute (or longer) OHLCV bars, one trading date,
 * any number of instruments, turned into a tape the replay plays like a recorded one. The format
 * is in server/README.md ("Importing a day"); the ticks inside each bar and the depth around
 * them follow src/core/replay/barTicks.ts.
 */
export const TICKS_PER_BAR = 120; // 2 Hz, the broker's own tick rate

export interface ImportedDay {
  date: string;
  ticks: TapeTick[];
  instruments: number;
  bars: number;
}

/** A problem with the file, with the row it is on (1 = the first data row), for the one-line message the command prints. */
export class ImportError extends Error {}

const HEADERS = ["symbol", "exchange", "timestamp", "open", "high", "low", "close", "volume"] as const;

/** "2026-11-23 09:15[:00]" (IST) or an ISO instant with its offset. */
export function parseTimestamp(text: string): number {
  const ist = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (ist) return Date.parse(`${ist[1]}T${ist[2]}:${ist[3]}:${ist[4] ?? "00"}+05:30`);
  return /[zZ]|[+-]\d{2}:?\d{2}$/.test(text.trim()) ? Date.parse(text.trim()) : Number.NaN;
}

export function parseBars(text: string): { date: string; series: Map<Instrument, OhlcBar[]> } {
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim().toLowerCase() });
  const fields = parsed.meta.fields ?? [];
  const missing = HEADERS.filter((h) => !fields.includes(h));
  if (missing.length > 0) throw new ImportError(`the header lacks ${missing.join(", ")} (it needs ${HEADERS.join(",")}[,oi])`);
  if (parsed.errors.length > 0) throw new ImportError(`row ${(parsed.errors[0]!.row ?? 0) + 1}: ${parsed.errors[0]!.message}`);
  let date = "";
  const series = new Map<Instrument, OhlcBar[]>();
  parsed.data.forEach((r, i) => {
    const where = `row ${i + 1}`;
    const exchange = (r.exchange ?? "").trim().toUpperCase();
    if (!isExchange(exchange)) throw new ImportError(`${where}: exchange "${r.exchange}" is not one of NSEEQ, BSEEQ, NSEFO, BSEFO, NSECURR, BSECURR, MCXCOMM, NCDEXCOMM, NSECOMM, BSECOMM`);
    const time = parseTimestamp(r.timestamp ?? "");
    if (!Number.isFinite(time)) throw new ImportError(`${where}: timestamp "${r.timestamp}" is not YYYY-MM-DD HH:MM (IST) or an ISO time with its offset`);
    const day = istDateKey(new Date(time));
    if (date === "") date = day;
    else if (day !== date) throw new ImportError(`${where}: ${day} is another date than the file's first row (${date}); one file is one trading day`);
    const master = masterFor(date, new Date(time));
    const symbol = (r.symbol ?? "").trim();
    const inst = master.bySymbol(exchange, symbol) ?? master.bySymbol(exchange, `${symbol}-EQ`);
    if (!inst) throw new ImportError(`${where}: no instrument ${symbol} on ${exchange}`);
    const num = (name: string, required: boolean): number | undefined => {
      const v = (r[name] ?? "").trim();
      if (v === "" && !required) return undefined;
      const n = Number(v);
      if (v === "" || !Number.isFinite(n) || n < 0) throw new ImportError(`${where}: ${name} "${r[name] ?? ""}" is not a number at or above 0`);
      return n;
    };
    const bar: OhlcBar = { time, open: num("open", true)!, high: num("high", true)!, low: num("low", true)!, close: num("close", true)!, volume: Math.round(num("volume", true)!) };
    const oi = num("oi", false);
    if (oi !== undefined) bar.oi = Math.round(oi);
    if (bar.high < Math.max(bar.open, bar.close, bar.low) || bar.low > Math.min(bar.open, bar.close)) throw new ImportError(`${where}: high ${bar.high} and low ${bar.low} do not contain open ${bar.open} and close ${bar.close}`);
    let list = series.get(inst);
    if (!list) series.set(inst, (list = []));
    if (list.length > 0 && list.at(-1)!.time >= time) throw new ImportError(`${where}: ${symbol}'s bars are not in time order`);
    list.push(bar);
  });
  if (date === "") throw new ImportError("the file has no rows");
  return { date, series };
}

const emptyLevel = (): TapeLevel => ({ price: 0, quantity: 0, orders: 0 });

/**
 * The version of the rules below (how a bar becomes ticks and the day's figures). 2: every figure
 * a tick carries is known at its time (the 52-week range, the band and OI no longer the whole
 * day's). A tape made by older rules is made again where the repo has its CSV (the sample days).
 */
export const IMPORT_RULES = 2;

/** The seed of the opening 52-week ranges: an import of the same file draws the same ones. */
const IMPORT_SEED = 35;

/**
 * One instrument's bars as tape ticks: the path, the day's running figures and the synthesised book.
 * A tick carries only what was known at its time, so a replay paused at 09:15 does not tell the
 * day's later high or low: the previous close is the first open (the file has no day before); the
 * 52-week range at the open is drawn around it as the simulator draws one (openingWeekRange), and
 * widened as the day's running high and low pass it; the circuit band is the simulator's around
 * that close (circuitsFor), widened only when a price passes it (an exchange's relaxed band); the
 * day's high and low OI are the running ones. `underlyingClose`: a derivative's underlying's
 * previous close (an option's band is a tenth of it wide).
 */
export function instrumentTicks(inst: Instrument, bars: readonly OhlcBar[], n = TICKS_PER_BAR, underlyingClose?: number): TapeTick[] {
  const d = 10 ** priceDecimals(inst.exchange);
  const p = (x: number) => Math.round(x * d);
  const tick = inst.tickSize;
  const first = bars[0]!;
  // No previous day in the file: the previous close is taken as the first open.
  const pClose = first.open;
  const date = istDateKey(new Date(first.time));
  let { weekHigh, weekLow } = openingWeekRange(first.open, pClose, tick, Rng.of(IMPORT_SEED, `${inst.exchange}:${inst.token}:week:${date}`));
  let { uc, lc } = circuitsFor(inst, pClose, underlyingClose ?? pClose);
  const previousOI = first.oi ?? 0;
  let high = first.open;
  let low = first.open;
  let volume = 0;
  let turnover = 0;
  let seq = 0;
  let last = first.open;
  let oi = previousOI;
  let dayHiOI = previousOI;
  let dayLoOI = previousOI;
  const out: TapeTick[] = [];
  for (const bar of bars) {
    const unit = bar.volume / n;
    // A bar's OI is its end's figure: the one before stands through the bar until its last tick.
    const ticksOfBar = barTicks(bar, n, tick);
    const before = oi;
    for (const [i, t] of ticksOfBar.entries()) {
      oi = i === ticksOfBar.length - 1 ? (bar.oi ?? before) : before;
      high = Math.max(high, t.price);
      low = Math.min(low, t.price);
      // The day so far widens the 52-week range and a band it passes; it never shows a level not reached yet.
      weekHigh = Math.max(weekHigh, high);
      weekLow = Math.min(weekLow, low);
      if (uc > 0) uc = Math.max(uc, high);
      if (lc > 0) lc = Math.min(lc, low);
      volume += t.quantity;
      turnover += t.quantity * t.price;
      dayHiOI = Math.max(dayHiOI, oi);
      dayLoOI = Math.min(dayLoOI, oi);
      const book = inst.isIndex ? { bids: [], asks: [] } : syntheticBook(t.price, last, tick, unit, inst.lotSize);
      last = t.price;
      const side = (levels: Array<{ price: number; quantity: number; orders: number }>) => {
        const out: TapeLevel[] = levels.slice(0, TAPE_DEPTH).map((l) => ({ price: p(l.price), quantity: l.quantity, orders: l.orders }));
        while (out.length < TAPE_DEPTH) out.push(emptyLevel());
        return out;
      };
      const bids = side(book.bids);
      const asks = side(book.asks);
      out.push({
        time: t.time, exchange: exchangeIndex(inst.exchange), token: inst.token, seq: ++seq, ltp: p(t.price), lastQty: inst.isIndex ? 0 : t.quantity, volume: inst.isIndex ? 0 : volume,
        open: p(first.open), high: p(high), low: p(low), pClose: p(pClose), avgPrice: p(volume > 0 ? Math.round(turnover / volume / tick) * tick : t.price),
        upperCircuit: p(uc), lowerCircuit: p(lc), weekHigh: p(weekHigh), weekLow: p(weekLow), openInterest: oi, dayHighOI: dayHiOI, dayLowOI: dayLoOI, previousOI,
        totalBuyQty: bids.reduce((s, l) => s + l.quantity, 0) * 5, totalSellQty: asks.reduce((s, l) => s + l.quantity, 0) * 5,
        lastTradedTime: istSecondsOfDay(new Date(t.time)), bids, asks, priceDivisor: d,
      });
    }
  }
  return out;
}

export function importDay(text: string, n = TICKS_PER_BAR): ImportedDay {
  const { date, series } = parseBars(text);
  const ticks: TapeTick[] = [];
  let bars = 0;
  // A derivative's underlying's previous close is its first open in the file, else its reference price.
  const firstOpen = new Map([...series].map(([inst, list]) => [`${inst.exchange}:${inst.token}`, list[0]!.open]));
  for (const [inst, list] of series) {
    bars += list.length;
    const u = inst.underlying;
    const underlyingClose = u ? (firstOpen.get(`${u.exchange}:${u.token}`) ?? masterFor(date, new Date(list[0]!.time)).get(u.exchange, u.token)?.referencePrice) : undefined;
    ticks.push(...instrumentTicks(inst, list, n, underlyingClose));
  }
  // One time line for the day: stable, so instruments keep the file's order within a moment.
  ticks.sort((a, b) => a.time - b.time);
  return { date, ticks, instruments: series.size, bars };
}

/** Where imported days go: beside the recordings, in a folder the recorder's size cap never touches. */
export const importedDir = (tapesDir: string): string => path.join(tapesDir, "imported");

/** Beside a tape made by an import: the IMPORT_RULES it was made by. */
export const rulesFile = (tape: string): string => `${tape}.rules`;

/** The IMPORT_RULES a tape was made by: 1 for one written before imports said (no rules file). */
export function importRulesOf(tape: string): number {
  try {
    return Number(fs.readFileSync(rulesFile(tape), "utf8").trim()) || 1;
  } catch {
    return 1;
  }
}

/**
 * Writes an imported day as a tape (replacing one of the same date), in 10-second blocks, in the
 * imports' folder or `dir`, with the rules it was made by beside it. Returns its path.
 */
export function writeImported(day: ImportedDay, tapesDir: string, dir = importedDir(tapesDir)): string {
  const file = tapePath(dir, day.date);
  fs.rmSync(file, { force: true });
  fs.rmSync(rulesFile(file), { force: true });
  const w = new TapeWriter(file);
  let from = 0;
  for (let i = 1; i <= day.ticks.length; i++) {
    if (i === day.ticks.length || day.ticks[i]!.time - day.ticks[from]!.time >= 10_000) {
      w.ticks(day.ticks.slice(from, i));
      from = i;
    }
  }
  w.close();
  fs.writeFileSync(rulesFile(file), `${IMPORT_RULES}\n`);
  return file;
}
