import type { WatchlistScrip } from "../../data/api/watchlist";
import { watchlists$ } from "../../data/stores/watchlist";
import { encodeMarketSnapshot, SNAPSHOT_OFFSET } from "../../core/frameCodec";
import { quoteStore } from "../../feed/session";

/**
 * The 5,000-row watchlist bench (tests/bench/watchlistFps.ts). The broker caps a list at 50
 * scrips, so with `?wlbench=N` in the URL the watchlist screens show N synthetic rows instead
 * of the broker's lists (nothing is sent to the broker) and every row is fed encoded snapshot
 * frames into the real quote store twice a second (`&hz=` to change, 0 for none), through the same
 * applyFrame path as frames off the socket. Without the parameter this module does nothing.
 */
const params = () => (typeof location === "undefined" ? new URLSearchParams() : new URLSearchParams(location.search));

/** Read once at start-up: the shell may rewrite the query (tab state) afterwards. */
const BENCH = { rows: Number(params().get("wlbench")) || 0, hz: params().has("hz") ? Number(params().get("hz")) || 0 : 2 };

export function benchActive(): boolean {
  return BENCH.rows > 0;
}

const BENCH_TOKEN_BASE = 1_900_000_000;

function benchRows(n: number): WatchlistScrip[] {
  return Array.from({ length: n }, (_, i) => ({
    exchange: "NSEEQ", token: BENCH_TOKEN_BASE + i, tradingSymbol: `BENCH${String(i).padStart(4, "0")}-EQ`, symbol: `BENCH${i}`, formattedInsName: `BENCH${i}`,
    companyName: "Synthetic bench row", insType: "EQ", expiry: "", strikePrice: 0, optionType: "", lotSize: 1, tickSize: 0.05, isIndex: false,
    pdc: 1000, ltp: 1000, chg: 0, pchg: 0, sortingOrder: i + 1,
  }));
}

/** Installs the synthetic list and the feeder; answers how many frames per second it feeds. */
function start(): void {
  const n = BENCH.rows;
  const hz = BENCH.hz;
  const rows = benchRows(n);
  watchlists$.assign({ lists: [{ mwId: 302, mwName: `Bench ${n} rows`, isDefault: true, isEdit: true, scrips: rows }], loaded: true, shown: {}, cursor: 0 });
  // One pre-encoded frame per row; a tick rewrites its price and sequence in place, like bytes off the socket.
  const frames = rows.map((r) =>
    encodeMarketSnapshot({
      exchange: r.exchange, token: r.token, lastRate: 100_000, lastQty: 1, totalQty: 0, high: 100_000, low: 100_000, openRate: 100_000, pClose: 100_000,
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
  if (perSlice > 0) setInterval(() => {
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
  (window as unknown as { __wlBench: { fed: () => number } }).__wlBench = { fed: () => fed };
}

if (benchActive()) start();
