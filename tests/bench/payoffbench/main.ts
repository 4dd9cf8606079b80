import { timeRecomputes } from "./workload";

/**
 * The payoff bench page (tests/bench/payoff.bench.ts): the strategy pane's recomputes, alone on
 * the page's main thread, each timed with performance.now (to 5 µs: the page is served
 * cross-origin isolated). The bench calls window.__payoffBench(rounds).
 */
const wall = (f: () => void): number => {
  const t = performance.now();
  f();
  return performance.now() - t;
};

(window as unknown as { __payoffBench: (rounds: number) => unknown }).__payoffBench = (rounds: number) => ({ ...timeRecomputes(rounds, wall), isolated: crossOriginIsolated });
document.body.dataset.ready = "true";
