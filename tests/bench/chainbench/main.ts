// Order matters: the query is read before the app starts and rewrites it.
import { BENCH } from "./params";
import "../../../src/app/main";
import { startFeeder } from "./feeder";

/** The option chain bench page (tests/bench/optionChainFps.ts): the real app plus a feeder of synthetic frames. */
startFeeder(BENCH.strikes, BENCH.hz);
