import { encodeMarketSnapshot, SNAPSHOT_OFFSET } from "../../../src/core/frameCodec";
import type { Exchange } from "../../../src/core/types/exchange";
import { quoteStore } from "../../../src/feed/session";
import { benchPrice, BENCH_SPOT, BENCH_UNDERLYING, callToken, putToken } from "./chain";

/**
 * Feeds every contract of the bench chain (and its underlying) encoded snapshot frames `hz` times
 * a second through the quote store's applyFrame, as frames off the socket, in 20 slices a second.
 * A tick moves a contract's price a few ticks about its model price.
 */
export function startFeeder(n: number, hz: number): void {
  const contracts: Array<{ exchange: Exchange; token: number; base: number }> = [{ exchange: "NSEEQ", token: BENCH_UNDERLYING, base: BENCH_SPOT }];
  for (let i = 0; i < n; i++) {
    contracts.push({ exchange: "NSEFO", token: callToken(i), base: benchPrice(n, i, true) });
    contracts.push({ exchange: "NSEFO", token: putToken(i), base: benchPrice(n, i, false) });
  }
  const frames = contracts.map((c) =>
    encodeMarketSnapshot({
      exchange: c.exchange, token: c.token, lastRate: Math.round(c.base * 100), lastQty: 50, totalQty: 1000, high: 0, low: 0, openRate: 0, pClose: Math.round(c.base * 100),
      avgRate: 0, bidQty: 0, bidRate: 0, offQty: 0, offRate: 0, tBidQ: 0, tOffQ: 0, priceDivisor: 100, lastTradedTime: 0, bids: [], asks: [], seq: 1,
    }),
  );
  const views = frames.map((f) => new DataView(f.buffer, f.byteOffset, f.byteLength));
  const seq = new Uint32Array(frames.length).fill(1);
  const slicesPerSecond = 20;
  const perSlice = Math.ceil((frames.length * hz) / slicesPerSecond);
  let next = 0;
  let fed = 0;
  if (perSlice > 0) {
    setInterval(() => {
      for (let k = 0; k < perSlice; k++) {
        const i = next;
        next = (next + 1) % frames.length;
        const c = contracts[i]!;
        const v = views[i]!;
        const price = Math.max(5, Math.round(c.base * 100) + Math.round((Math.random() - 0.5) * 10) * 5);
        v.setInt32(SNAPSHOT_OFFSET.lastRate, price, true);
        v.setUint32(SNAPSHOT_OFFSET.seq, ++seq[i]!, true);
        quoteStore.applyFrame(frames[i]!);
        fed++;
      }
    }, 1000 / slicesPerSecond);
  }
  (window as unknown as { __chainBench: { fed: () => number } }).__chainBench = { fed: () => fed };
}
