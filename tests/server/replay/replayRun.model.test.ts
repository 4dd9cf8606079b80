import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBroker } from "../../../server/app.js";
import { readConfig } from "../../../server/config.js";
import { liveDbFile } from "../../../server/replay/mode.js";
import { at, barAt, sampleBars, startReplayBroker, type Bar, type ReplayBroker } from "./replayHarness.js";

/**
 * Issue 35, a replay run as a trader practises on it: random sequences of speed, pause, resume,
 * step, jump, wall time passing, market orders and crash restarts, on the sample day, against a
 * model written from the words (server/README.md, "Market replay"):
 *
 *   - "runs at 1x, 2x, 5x, 10x, 50x or 100x of the wall clock": the clock moves by the wall time times the speed;
 *   - "pause": the clock holds; "one bar on (to the next minute's start, paused)";
 *   - "jump to a time (HH:MM IST)": the clock is there (the day's first tick at the earliest), pause and speed unchanged;
 *   - "It stops at the day's last tick": the clock never runs past it;
 *   - "Orders ... fill against the replayed depth": a market order fills at the instrument's
 *     replayed price at the clock's time ("a market order fills at a price the bar traded or a tick
 *     from it", the imported day's depth), booked at the clock's time;
 *   - "the live paper books are never written": the live account has the trades it had;
 *   - a crash restart (this fix, server/replay/position.ts) carries the run on where it was, paused,
 *     at its speed: never before the last order or control answered, never after where the clock was.
 *
 * The wall clock is the test's (ReplayClock's realNow) and the driver is off: a "wait" moves the wall
 * clock and steps the tape to the replay clock (the driver's step), so nothing depends on wall time.
 * REPLAY_MODEL_SEED replays a run; REPLAY_MODEL_RUNS and REPLAY_MODEL_COMMANDS make it longer.
 */
const SEED = Number(process.env.REPLAY_MODEL_SEED ?? 35);
const RUNS = Number(process.env.REPLAY_MODEL_RUNS ?? 12);
const COMMANDS = Number(process.env.REPLAY_MODEL_COMMANDS ?? 20);

const SPEEDS = [1, 2, 5, 10, 50, 100] as const;
const SHARES = ["INFY", "RELIANCE", "TCS"] as const;
type Share = (typeof SHARES)[number];

/** The run as the issue describes it. */
class RunModel {
  constructor(
    readonly first: number,
    readonly end: number,
    public at: number,
    public speed = 1,
    public paused = true,
    /** The clock when the last order or control was answered: a crash restart resumes no earlier. */
    public acknowledged = at,
  ) {}

  wait(ms: number): void {
    if (!this.paused) this.at = Math.min(this.at + ms * this.speed, this.end);
  }

  step(): void {
    this.paused = true;
    this.at = Math.min(Math.floor(this.at / 60_000) * 60_000 + 60_000, this.end);
  }

  jump(to: number): void {
    this.at = Math.min(Math.max(to, this.first), this.end);
  }
}

interface Real {
  r: ReplayBroker;
  wall: { now: number };
  dataDir: string;
  bars: Record<Share, Bar[]>;
  tick: Record<Share, number>;
  token: Record<Share, number>;
}

type Cmd = fc.AsyncCommand<RunModel, Real>;

async function control(real: Real, body: Record<string, unknown>): Promise<void> {
  const r = await real.r.call("/core/v2/replay/control", body);
  expect(r.status, r.message).toBe("Ok");
}

/** The broker's clock, speed and pause against the model's. */
async function compare(model: RunModel, real: Real): Promise<void> {
  const s = (await real.r.call("/core/v2/replay/state")).result[0]!;
  expect({ simTime: new Date(s.simTime as number).toISOString(), speed: s.speed, paused: s.paused, ended: s.ended }).toEqual({
    simTime: new Date(model.at).toISOString(),
    speed: model.speed,
    paused: model.paused,
    ended: model.at >= model.end,
  });
}

const hhmm = (t: number) => new Date(t + 330 * 60_000).toISOString().slice(11, 16);

class Wait implements Cmd {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(model: RunModel, real: Real) {
    real.wall.now += this.ms;
    // The driver's step: the tape played up to the replay clock.
    real.r.market.step();
    model.wait(this.ms);
    await compare(model, real);
  }
  toString = () => `wait ${this.ms} ms`;
}

class Speed implements Cmd {
  constructor(readonly speed: (typeof SPEEDS)[number]) {}
  check = () => true;
  async run(model: RunModel, real: Real) {
    await control(real, { action: "speed", speed: this.speed });
    model.speed = this.speed;
    model.acknowledged = model.at;
    await compare(model, real);
  }
  toString = () => `speed ${this.speed}x`;
}

class Pause implements Cmd {
  check = () => true;
  async run(model: RunModel, real: Real) {
    await control(real, { action: "pause" });
    model.paused = true;
    model.acknowledged = model.at;
    await compare(model, real);
  }
  toString = () => "pause";
}

class Resume implements Cmd {
  check = () => true;
  async run(model: RunModel, real: Real) {
    await control(real, { action: "resume" });
    model.paused = false;
    model.acknowledged = model.at;
    await compare(model, real);
  }
  toString = () => "resume";
}

class Step implements Cmd {
  check = () => true;
  async run(model: RunModel, real: Real) {
    await control(real, { action: "step" });
    model.step();
    model.acknowledged = model.at;
    await compare(model, real);
  }
  toString = () => "step";
}

class Jump implements Cmd {
  /** Minutes after 09:15 IST: 09:15 to 15:29, the sample day's bars. */
  constructor(readonly minute: number) {}
  check = () => true;
  async run(model: RunModel, real: Real) {
    const time = hhmm(at("09:15") + this.minute * 60_000);
    await control(real, { action: "jump", time });
    model.jump(at(time));
    model.acknowledged = model.at;
    await compare(model, real);
  }
  toString = () => `jump ${hhmm(at("09:15") + this.minute * 60_000)}`;
}

class MarketOrder implements Cmd {
  constructor(
    readonly share: Share,
    readonly side: "BUY" | "SELL",
  ) {}
  check = () => true;
  async run(model: RunModel, real: Real) {
    const placed = await real.r.call("/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(real.token[this.share]), transactionType: this.side, quantity: 1, product: "INTRADAY", orderType: "MARKET", validity: "DAY" });
    expect(placed.result[0]?.orderStatus, placed.message).toBe("complete");
    const orderNo = placed.result[0]!.orderNo;
    const trade = (await real.r.call("/core/v2/orders/trades")).result.find((t) => t.orderNo === orderNo)!;
    // Booked at the clock's time, at a price the clock's bar traded or a tick from it.
    expect(trade.tradeTime).toBe(new Date(model.at).toISOString());
    const bar = barAt(real.bars[this.share], model.at)!;
    const price = trade.tradedPrice as number;
    const tick = real.tick[this.share];
    expect(price, `${this.share} at ${new Date(model.at).toISOString()}: bar ${JSON.stringify(bar)}`).toBeGreaterThanOrEqual(bar.low - tick - 1e-9);
    expect(price, `${this.share} at ${new Date(model.at).toISOString()}: bar ${JSON.stringify(bar)}`).toBeLessThanOrEqual(bar.high + tick + 1e-9);
    model.acknowledged = model.at;
    await compare(model, real);
  }
  toString = () => `${this.side} 1 ${this.share} at market`;
}

class CrashRestart implements Cmd {
  check = () => true;
  async run(model: RunModel, real: Real) {
    await real.r.crash();
    real.r = await startReplayBroker(real.dataDir, real.wall);
    // Played to where it resumed (the start does so without being waited for).
    expect(await real.r.market.playTo(real.r.clock.now().getTime())).toBe(true);
    const s = (await real.r.call("/core/v2/replay/state")).result[0]!;
    // Kept each second of wall time and at every order and control: no earlier than the last one answered, no later than the clock was.
    expect(s.simTime as number).toBeGreaterThanOrEqual(model.acknowledged);
    expect(s.simTime as number).toBeLessThanOrEqual(model.at);
    model.at = s.simTime as number;
    model.paused = true;
    model.acknowledged = model.at;
    await compare(model, real);
  }
  toString = () => "crash and restart";
}

const commands = [
  fc.constantFrom(100, 500, 1000, 3000, 10_000).map((ms) => new Wait(ms)),
  fc.constantFrom(...SPEEDS).map((s) => new Speed(s)),
  fc.constant(new Pause()),
  fc.constant(new Resume()),
  fc.constant(new Step()),
  fc.integer({ min: 0, max: 374 }).map((m) => new Jump(m)),
  fc.tuple(fc.constantFrom(...SHARES), fc.constantFrom("BUY" as const, "SELL" as const)).map(([s, side]) => new MarketOrder(s, side)),
];

describe("a replay run against the issue's model", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-replay-model-"));
  let real: Real;
  let liveTrades: number;
  const countLiveTrades = () => {
    const db = new Database(liveDbFile(dataDir), { readonly: true, fileMustExist: true });
    try {
      return (db.prepare("SELECT COUNT(*) AS n FROM trades").get() as { n: number }).n;
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    // The live books first (the replay mirrors its accounts from them): what they hold before the runs.
    const live = await buildBroker(readConfig({ PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "warn", STATIC_DIR: "", TICK_HZ: "0", SIM_TIME: "2026-11-23T04:30:00Z", RECORD: "off" }));
    await live.close();
    liveTrades = countLiveTrades();
    const wall = { now: 0 };
    const r = await startReplayBroker(dataDir, wall);
    const of = (s: Share) => r.market.bySymbol("NSEEQ", `${s}-EQ`)!;
    real = {
      r,
      wall,
      dataDir,
      bars: { INFY: sampleBars("INFY"), RELIANCE: sampleBars("RELIANCE"), TCS: sampleBars("TCS") },
      tick: { INFY: of("INFY").tickSize, RELIANCE: of("RELIANCE").tickSize, TCS: of("TCS").tickSize },
      token: { INFY: of("INFY").token, RELIANCE: of("RELIANCE").token, TCS: of("TCS").token },
    };
  }, 120_000);
  afterAll(async () => {
    await real?.r.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it(`the clock and the fills match the model after every command (seed ${SEED})`, async () => {
    const all = [...commands, fc.constant(new CrashRestart())];
    await fc.assert(
      fc.asyncProperty(fc.commands(all, { maxCommands: COMMANDS, size: "max" }), async (cmds) => {
        // Each run from the open, paused at 1x: the state the model starts in.
        await control(real, { action: "pause" });
        await control(real, { action: "speed", speed: 1 });
        await control(real, { action: "jump", time: "09:15" });
        const first = real.r.market.span.first;
        const model = new RunModel(first, real.r.clock.end, Math.max(at("09:15"), first));
        await compare(model, real);
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // The live paper account shows nothing of the replay.
    await real.r.stop();
    expect(countLiveTrades()).toBe(liveTrades);
    real.r = await startReplayBroker(dataDir, real.wall);
  }, 600_000);
});
