import { performance } from "node:perf_hooks";
import { BENCH_SYMBOLS, BENCH_WARM_UP, orderBody, type Quoted } from "./benchEngine.js";
import { httpClients, type Post } from "./httpClient.js";

/** Lone orders a broker places after the grouped warm-up: the lone order's own path (a group of one, nothing queued behind it). */
export const LONE_WARM_UP = 1_000;

/**
 * DEMO1 signed in on `count` kept-alive connections to a broker frozen at an open session (the
 * order benches' settings), funded, with the bench's shares and their circuits looked up: what
 * the HTTP order figures (orders.ts) and the split of a lone order (orderSplit.ts) both start from.
 */
export async function openOrderSession(url: string, count: number) {
  const client = httpClients(url, count);
  await client.signIn("DEMO1");
  const post = client.connections[0]!;
  await post("/core/v2/funds/add", { amount: 90_000_000 });
  const shares: Array<Quoted & { ltp: number }> = [];
  for (const symbol of BENCH_SYMBOLS) {
    const found = (await post("/core/search", { searchText: symbol, exchange: ["NSEEQ"], pageSize: 5, currentPage: 1 })).result.find((r) => r.tradingSymbol === `${symbol}-EQ`)!;
    const info = (await post("/core/v2/security/info", { exchange: "NSEEQ", token: found.token })).result[0]!;
    shares.push({ token: found.token as number, lowerCircuit: info.lowerCircuit as number, upperCircuit: info.upperCircuit as number, ltp: (info.ltp ?? info.lastTradedPrice ?? info.pdc) as number });
  }
  let refused = "";
  /**
   * Order `i` (half marketable, half resting at a circuit) on one connection: its place-to-acknowledge
   * in ms, from the request's first byte written to the answer read whole and parsed; `at` gets
   * both instants (performance.now()). Fresh depth every 40th order, as ticks would bring (not timed).
   */
  const placeOne = async (post: Post, i: number, k: number, at?: (sent: number, answered: number) => void): Promise<number> => {
    const inst = shares[i % shares.length]!;
    if (k % 40 === 0 && inst.ltp) {
      const moved = await post("/dev/price", { exchange: "NSEEQ", token: inst.token, price: inst.ltp });
      if (moved.status !== "Ok") refused ||= `price: ${moved.status} ${moved.message}`;
    }
    const t0 = performance.now();
    const answer = await post("/core/v2/orders/", orderBody(inst, i, i % 2 === 1));
    const t1 = performance.now();
    at?.(t0, t1);
    if (answer.status !== "Ok") refused ||= `${answer.status} ${answer.message}`;
    return t1 - t0;
  };
  /** Places `count` orders one after another on one client's connection (order numbers from `first`); the latencies go to `into`. */
  const place = async (post: Post, first: number, count: number, into?: number[]) => {
    for (let k = 0; k < count; k++) {
      const ms = await placeOne(post, first + k, k);
      into?.push(ms);
    }
  };
  return {
    client,
    post,
    shares,
    placeOne,
    place,
    /**
     * The broker's hot path compiled and its caches filled before anything is timed: BENCH_WARM_UP
     * orders from every connection at once (the group-commit path), then LONE_WARM_UP one at a time.
     * With 1,000 orders only, V8 was still compiling through the timed phase on threads that took
     * 220 ms of the two cores in 1,000 lone orders, and the one-at-a-time p99 was 4 ms, not 1.5.
     */
    async warmUp() {
      const per = BENCH_WARM_UP / client.connections.length;
      await Promise.all(client.connections.map((p, c) => place(p, 100_000 + c * per, per)));
      await place(post, 200_000, LONE_WARM_UP);
    },
    /** The first refusal any call met ("" when none): a bench figure of refused orders would measure the wrong thing. */
    refused: () => refused,
    close: () => client.close(),
  };
}
