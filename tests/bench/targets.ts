/**
 * The table of issue 18, one row per figure, in the order: `npm run bench` prints it at
 * the end with what this run measured. A row whose bench did not run (left out by name, or a
 * soak that runs only when named) is printed as such, never left out.
 */
export interface Target {
  id: string;
  what: string;
  target: string;
  /** The bench file that measures it (`npm run bench -- <bench>`). */
  bench: string;
}

export const TARGETS: readonly Target[] = [
  { id: "quoteStore", what: "quote store, 18,000 updates/s over 9,000 instruments", target: "≤ 2 ms median, ≤ 3 ms p95 per frame", bench: "quoteStore" },
  { id: "watchlist", what: "watchlist 5,000 rows at 2 Hz, scrolling (one pane; four ticking panes)", target: "≥ 58 fps, p95 frame ≤ 16.7 ms", bench: "watchlistFps" },
  { id: "decode", what: "decode, hot path against the hand-written DataView loop", target: "≥ 90 %, 0 allocations per frame", bench: "feedDecode" },
  { id: "keystroke", what: "keystroke to paint while streaming (palette, order window)", target: "p95 ≤ 50 ms in Chromium", bench: "palette" },
  { id: "engine", what: "engine in process, placed and acknowledged (group commit)", target: "≥ 20,000 orders/s", bench: "orders" },
  { id: "httpOne", what: "place to acknowledge over HTTP, one at a time", target: "p99 ≤ 5 ms", bench: "orders" },
  { id: "httpMany", what: "place to acknowledge over HTTP, 50 concurrent clients", target: "≥ 5,000 orders/s at p99 ≤ 25 ms", bench: "orders" },
  { id: "tick", what: "tick path, 250 resting orders on the instrument", target: "≤ 0.05 ms per tick", bench: "orders" },
  { id: "initialJs", what: "initial JavaScript (login page)", target: "≤ 250 KB gzipped", bench: "bundle" },
  { id: "firstPaneJs", what: "the workspace's first pane, beyond the login page", target: "≤ 150 KB gzipped", bench: "bundle" },
  { id: "crypto", what: "login crypto, one encrypted auth round", target: "WebCrypto where crypto.subtle exists", bench: "hybrid" },
  { id: "loginOtp", what: "login in Chromium, password Enter to the OTP stage (loopback)", target: "≤ 150 ms", bench: "hybrid" },
  { id: "searchBuild", what: "search index build", target: "≤ 100 ms, master ≥ 100,000 contracts", bench: "search" },
  { id: "searchKey", what: "search per keystroke", target: "p95 ≤ 1 ms", bench: "search" },
  { id: "payoff", what: "strategy payoff, T+0 curve and greeks, 4 legs over 400 spot points, in Node (issue 31)", target: "≤ 2 ms per recompute", bench: "payoff" },
  { id: "payoffBrowser", what: "the same in Chromium, on a page's main thread (issue 31)", target: "≤ 2 ms per recompute", bench: "payoff" },
  { id: "lossLimitTicks", what: "loss limits on the tick path, 18,000 ticks/s, 1,000 limited users holding 10 each (issue 33)", target: "≤ 5 % of one core (≤ 25 ms a batch of 9,000 ticks, two a second)", bench: "lossLimitTicks" },
  { id: "memory", what: "memory over a 10-minute soak", target: "heap flat ±10 %", bench: "feedSoak" },
  { id: "recorderCpu", what: "flight recorder at design load, 9,000 instruments at 2 Hz (issue 35)", target: "≤ 5 % of the broker's CPU", bench: "recorder" },
  { id: "recorderDay", what: "flight recorder's tape for a day at design load (issue 35)", target: "≤ 1 GB", bench: "recorder" },
  { id: "windows", what: "four windows, four ticking panes each, 9,000 instruments; owner handover (issue 32)", target: "1 socket, ≥ 58 fps each scrolling, owner ≤ single window + 20 %; handover gap ≤ 1 s, lights live", bench: "windows" },
  { id: "replaySpeed", what: "replay of a recorded design-load day at 10× and 100×, 50 instruments subscribed (issue 35)", target: "the broker keeps the speed", bench: "replaySpeed" },
  { id: "replayGrids", what: "the app's grids while the broker replays a design-load day at 10× (issue 35)", target: "≥ 58 fps", bench: "replayGrids" },
];
