import fs from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { buildBroker, type Broker } from "../../../server/app.js";
import { readConfig } from "../../../server/config.js";
import type { ReplayClock } from "../../../server/replay/clock.js";
import type { ReplayMarket } from "../../../server/replay/market.js";
import { SAMPLE_DIR } from "../../../server/replay/source.js";
import { parseTimestamp } from "../../../server/replay/importCsv.js";
import { istInstant } from "../../../src/core/time.js";
import type { Bar as CoreBar } from "../../../src/core/types/bar.js";

export const DATE = "2026-11-23";
/** An instant of the sample day from "HH:MM" IST. */
export const at = (hhmm: string): number => istInstant(DATE, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))).getTime();

export type Envelope = { status: string; message: string; result: Array<Record<string, unknown>> };

export interface ReplayBroker {
  broker: Broker;
  clock: ReplayClock;
  market: ReplayMarket;
  /** DEMO1's call (POST unless told), through fastify's inject: no socket, no wall time. */
  call(p: string, body?: unknown, method?: "POST" | "PUT" | "DELETE"): Promise<Envelope>;
  /**
   * Closes it as a crash would leave it: everything acknowledged is in its books and nothing marks
   * the run ended (a SIGKILL writes no run-ended; server/replay/mode.ts), so the next start carries the run on.
   */
  crash(): Promise<void>;
  /** A clean close: the run ends. */
  stop(): Promise<void>;
}

/**
 * The broker replaying the sample day in this process, on a wall clock the test moves (`wall.now`)
 * and with no driver (driveMs 0): the tape is played when a jump or a step plays it, or when the
 * test steps it (market.step(), the driver's one step). Nothing depends on wall time.
 */
export async function startReplayBroker(dataDir: string, wall: { now: number }): Promise<ReplayBroker> {
  const config = readConfig({ PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "warn", STATIC_DIR: "", DEV_SESSION: "1", ORDER_RATE_LIMIT: "off", WIRE_CHECK: "1", RECORD: "off", REPLAY: DATE });
  const broker = await buildBroker(config, { replay: { realNow: () => wall.now, driveMs: 0 } });
  // Listening, so /dev/session answers (it serves only requests addressed to the broker's own port); the calls are injected.
  await broker.app.listen({ port: 0, host: "127.0.0.1" });
  const addr = broker.app.server.address();
  const host = `127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
  const session = JSON.parse((await broker.app.inject({ method: "POST", url: "/dev/session", payload: { userId: "DEMO1" }, headers: { host } })).body) as Envelope;
  const token = session.result?.[0]?.accessToken as string;
  if (!token) throw new Error(`no session: ${JSON.stringify(session)}`);
  const call = async (p: string, body: unknown = {}, method: "POST" | "PUT" | "DELETE" = "POST") =>
    JSON.parse((await broker.app.inject({ method, url: p, payload: body as Record<string, unknown>, headers: { authorization: `Bearer ${token}` } })).body) as Envelope;
  return {
    broker,
    clock: broker.ctx.clock as ReplayClock,
    market: broker.market as ReplayMarket,
    call,
    async crash() {
      await broker.close();
      fs.rmSync(path.join(config.dataDir, "replay", DATE, "run-ended"), { force: true });
    },
    stop: () => broker.close(),
  };
}

/** A sample bar's prices (the core's Bar less its volume, which the tests do not read). */
export type Bar = Omit<CoreBar, "volume">;

/** The sample day's one-minute bars of an NSE share, from the CSV the tape was made of (server/replay/sample). */
export function sampleBars(symbol: string): Bar[] {
  const rows = Papa.parse<Record<string, string>>(fs.readFileSync(path.join(SAMPLE_DIR, `${DATE}.csv`), "utf8"), { header: true, skipEmptyLines: true }).data;
  return rows
    .filter((r) => r.symbol === symbol && r.exchange === "NSEEQ")
    .map((r) => ({ time: parseTimestamp(r.timestamp!), open: Number(r.open), high: Number(r.high), low: Number(r.low), close: Number(r.close) }));
}

/** The bar whose minute holds `t` (the tape's last tick at or before `t` is of it: a minute's first tick is at its start). */
export const barAt = (bars: readonly Bar[], t: number): Bar | undefined => bars.find((b) => b.time === Math.floor(t / 60_000) * 60_000);
