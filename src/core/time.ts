/**
 * India time, the exchanges' clock: UTC+05:30 all year (India keeps no daylight saving), so
 * every IST reading is the UTC reading of the instant shifted by this one offset.
 */
export const INDIA_UTC_OFFSET_MS = 330 * 60_000;

const DAY_MS = 86_400_000;

export interface IstParts {
  /** Minutes since midnight IST, with the seconds as a fraction. */
  minutes: number;
  /** 0 Sunday to 6 Saturday, in IST. */
  weekday: number;
  /** The IST calendar date, "YYYY-MM-DD". */
  dateKey: string;
}

export function istParts(d: Date): IstParts {
  return { minutes: istMinutesOfDay(d), weekday: istWeekday(d), dateKey: istDateKey(d) };
}

/** Minutes since midnight IST, with the seconds (not the milliseconds) as a fraction. */
export function istMinutesOfDay(at: Date): number {
  return istSecondsOfDay(at) / 60;
}

/** 0 Sunday to 6 Saturday, in IST. Day 0 of the epoch, 1970-01-01, was a Thursday. */
export function istWeekday(at: Date): number {
  const day = Math.floor((at.getTime() + INDIA_UTC_OFFSET_MS) / DAY_MS);
  return (((day + 4) % 7) + 7) % 7;
}

let lastKeyAt = Number.NaN;
let lastKey = "";

/** The IST calendar date "YYYY-MM-DD" of an instant. */
export function istDateKey(at: Date): string {
  const t = at.getTime();
  // The simulator asks this for every instrument of a step at the same instant.
  if (t !== lastKeyAt) {
    lastKeyAt = t;
    lastKey = new Date(t + INDIA_UTC_OFFSET_MS).toISOString().slice(0, 10);
  }
  return lastKey;
}

/** Seconds since midnight IST: the frame's LastTradedTime. */
export function istSecondsOfDay(at: Date): number {
  const s = Math.floor((at.getTime() + INDIA_UTC_OFFSET_MS) / 1000) % 86_400;
  return s < 0 ? s + 86_400 : s;
}

/** Exchange time: an ISO timestamp shown as "HH:MM:SS" in IST; "" for a missing or bad one. */
export function istTime(iso: string | undefined): string {
  const t = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(t)) return "";
  return new Date(t + INDIA_UTC_OFFSET_MS).toISOString().slice(11, 19);
}

/**
 * An ISO timestamp as India date and time, "YYYY-MM-DD HH:MM:SS"; a text that is not a timestamp
 * (a broker's own "09:20:01") as it is, "" for none.
 */
export function istDateTime(iso: string | undefined): string {
  const t = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(t)) return iso ?? "";
  return new Date(t + INDIA_UTC_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** The instant of a wall-clock time, in minutes since midnight IST, on an IST date "YYYY-MM-DD". */
export function istInstant(dateKey: string, minutes: number): Date {
  return new Date(Date.parse(`${dateKey}T00:00:00Z`) - INDIA_UTC_OFFSET_MS + minutes * 60_000);
}

/** An instant at hh:mm IST on the IST calendar day of `d`. */
export function atIst(d: Date, hh: number, mm: number): Date {
  return istInstant(istParts(d).dateKey, hh * 60 + mm);
}

/** The IST date `days` calendar days after the IST date of `d`. */
export function istDateKeyAfter(d: Date, days: number): string {
  return new Date(d.getTime() + INDIA_UTC_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}
