// Order matters: the query is read before the app starts and rewrites it.
import { BENCH } from "./params";
import "../../../src/app/main";
import { startFeeder } from "./feeder";

/**
 * The watchlist bench page (tests/bench/watchlistFps.ts): the real app, plus a feeder of
 * synthetic frames into its quote store. Built by tests/bench/browserFps.ts, never into dist/.
 */
startFeeder(BENCH.rows, BENCH.hz);
