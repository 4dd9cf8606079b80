import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Instrument } from "../../server/market/types.js";
import type { PositionRow } from "../../server/portfolio/positions.js";
import { bookCommands } from "./books/commands.js";
import { contractOf } from "./books/compare.js";
import { startBooks, type Books } from "./books/start.js";
import { startTrading, type TradingBroker } from "./tradingHarness.js";

/**
 * Issue 28, "the books survive any sequence": random sequences of market orders (some larger than
 * the depth, so they fill in part and rest), price moves, exits, conversions both ways and cancel
 * all, over shares on NSE and BSE (delivery, intraday, BNPL) and the overnight F&O, currency and
 * commodity positions of the demo account; after every step the positions, holdings and funds the
 * broker answers over HTTP are compared with the reference model (books/model.ts).
 *
 * BOOKS_SEED replays a run; BOOKS_RUNS and BOOKS_COMMANDS make it longer (a soak).
 */
const SEED = Number(process.env.BOOKS_SEED ?? 28);
const RUNS = Number(process.env.BOOKS_RUNS ?? 40);
const COMMANDS = Number(process.env.BOOKS_COMMANDS ?? 20);

describe("the paper broker's books against the reference model", () => {
  let b: TradingBroker;
  let run = 0;
  let commands: ReturnType<typeof bookCommands>;
  let contracts: ReturnType<typeof contractOf>[];
  /** Each run starts at the same prices (runs share one broker; a run's price moves would carry over). */
  let opening: ReadonlyArray<readonly [Instrument["exchange"], number, number]>;

  beforeAll(async () => {
    b = await startTrading();
    const share = (exchange: "NSEEQ" | "BSEEQ", symbol: string) => contractOf(b.market.bySymbol(exchange, symbol) as Instrument);
    // The overnight positions DEMO1 starts with: one each of NIFTY future and call (NSEFO), USDINR (NSECURR), CRUDEOIL (MCXCOMM).
    const carried = (await b.call<PositionRow>("POST", "/core/v2/positions")).result.map((p) => contractOf(b.market.instrument(p.exchange, Number(p.token)) as Instrument));
    contracts = [share("NSEEQ", "INFY"), share("BSEEQ", "INFY"), share("NSEEQ", "ITC"), share("NSEEQ", "SBIN"), ...carried];
    expect(new Set(contracts.map((c) => c.segment))).toEqual(new Set(["equity", "fo", "currency", "commodity"]));
    commands = bookCommands(contracts);
    opening = contracts.map((c) => [c.exchange as Instrument["exchange"], c.token, b.market.quote(c.exchange as Instrument["exchange"], c.token)!.ltp] as const);
  }, 120_000);
  afterAll(async () => b?.stop(), 60_000);

  it(`positions, holdings and funds match the model after every step (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: COMMANDS, size: "max" }), async (cmds) => {
        for (const [exchange, token, ltp] of opening) b.market.setPrice(exchange, token, ltp);
        const books: Books = await startBooks(b, `BOOKS${++run}`, contracts);
        await fc.asyncModelRun(() => books, cmds);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 600_000);
});
