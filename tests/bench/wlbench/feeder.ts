import { encodeMarketSnapshot, SNAPSHOT_OFFSET } from "../../../src/core/frameCodec";
import { quoteStore } from "../../../src/feed/session";
import { BENCH_TOKEN_BASE } from "./rows";

/**
 * Feeds every bench row encoded snapshot frames into the app's own quote store `hz` times a
 * second, through the same applyFrame path as frames off the socket, in 20 slices a second.
 * window.__wlBench.fed() counts the frames applied, for the bench to report.
 */
export function startFeeder(n: number, hz: number): void {
  // One pre-encoded frame per row; a tick rewrites its price and sequence in place, like bytes off the socket.
  const frames = Array.from({ length: n }, (_, i) =>
    encodeMarketSnapshot({
      exchange: "NSEEQ", token: BENCH_TOKEN_BASE + i, lastRate: 100_000, lastQty: 1, totalQty: 0, high: 100_000, low: 100_000, openRate: 100_000, pClose: 100_000,
      avgRate: 100_000, bidQty: 0, bidRate: 0, offQty: 0, offRate: 0, tBidQ: 0, tOffQ: 0, priceDivisor: 100, lastTradedTime: 0,
      bids: [], asks: [], seq: 1,
    }),
  );
  const views = frames.map((f) => new DataView(f.buffer, f.byteOffset, f.byteLength));
  const seq = new Uint32Array(n).fill(1);
  const slicesPerSecond = 20;
  const perSlice = Math.ceil((n * hz) / slicesPerSecond);
  let next = 0;
  let fed = 0;
  if (perSlice > 0 && n > 0) {
    setInterval(() => {
      for (let k = 0; k < perSlice; k++) {
        const i = next;
        next = (next + 1) % n;
        const v = views[i]!;
        v.setInt32(SNAPSHOT_OFFSET.lastRate, 100_000 + Math.round((Math.random() - 0.5) * 2_000) * 5, true);
        v.setUint32(SNAPSHOT_OFFSET.seq, ++seq[i]!, true);
        quoteStore.applyFrame(frames[i]!);
        fed++;
      }
    }, 1000 / slicesPerSecond);
  }
  (window as unknown as { __wlBench: { fed: () => number } }).__wlBench = { fed: () => fed };
}
