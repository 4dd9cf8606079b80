import { EXCHANGES } from "../../src/core/types/exchange";
import { decodeFrame, encodeMarketSnapshot, openFrame, setDecodeLog, SNAPSHOT_OFFSET as O } from "../../src/core/frameCodec";
import { fmt } from "./util";

/**
 * Frames decoded per second on one core: the hot-path reader (DataView over the received
 * bytes, fields read straight into a reused record, no allocation) against the baseline of
 * decoding every frame into a fresh plain object (decodeFrame).
 */
function frames(n: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < n; i++) {
    const p = 100_000 + i * 5;
    const lvl = (k: number) => ({ quantity: 100 + k, price: p - k * 5, numberOfOrders: 1 + k });
    out.push(
      encodeMarketSnapshot({
        exchange: EXCHANGES[i % EXCHANGES.length]!, token: 1000 + i, lastRate: p, lastQty: 10, totalQty: 100000 + i, high: p + 500, low: p - 500, openRate: p - 100,
        pClose: p - 200, avgRate: p, bidQty: 100, bidRate: p - 5, offQty: 120, offRate: p + 5, tBidQ: 5000, tOffQ: 6000, priceDivisor: 100, lastTradedTime: 40000,
        bids: [0, 1, 2, 3, 4].map(lvl), asks: [0, 1, 2, 3, 4].map((k) => ({ ...lvl(k), price: p + 5 + k * 5 })), seq: i,
      }),
    );
  }
  return out;
}

function measure(label: string, frames: Uint8Array[], fn: (f: Uint8Array) => number): void {
  let sink = 0;
  for (let r = 0; r < 3; r++) for (const f of frames) sink += fn(f); // warm-up
  const rounds = 40;
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++) for (const f of frames) sink += fn(f);
  const ms = performance.now() - t0;
  const perSecond = (rounds * frames.length) / (ms / 1000);
  console.log(`  ${label.padEnd(52)} ${fmt(perSecond, 0).padStart(12)} frames/s  (${fmt((ms * 1e6) / (rounds * frames.length), 0)} ns/frame, check ${sink % 10})`);
}

export async function run(): Promise<void> {
  setDecodeLog(() => {});
  const list = frames(10_000);
  const record = { ltp: 0, pClose: 0, volume: 0, high: 0, low: 0, open: 0, bid: 0, ask: 0, seq: 0 };
  console.log("feed decode (196-byte market snapshots, one core)");
  measure("hot path: DataView reader into a reused record", list, (bytes) => {
    const f = openFrame(bytes);
    if (!f) return 0;
    const v = f.view;
    const d = v.getInt32(O.priceDivisor, true);
    record.ltp = v.getInt32(O.lastRate, true) / d;
    record.pClose = v.getInt32(O.pClose, true) / d;
    record.volume = v.getUint32(O.totalQty, true);
    record.high = v.getInt32(O.high, true) / d;
    record.low = v.getInt32(O.low, true) / d;
    record.open = v.getInt32(O.openRate, true) / d;
    record.bid = v.getInt32(O.bidRate, true) / d;
    record.ask = v.getInt32(O.offRate, true) / d;
    record.seq = v.getUint32(O.seq, true);
    return record.seq & 1;
  });
  measure("baseline: decodeFrame into a plain object (+depth)", list, (bytes) => {
    const f = decodeFrame(bytes);
    return f && f.kind === 1 ? f.seq & 1 : 0;
  });
}
