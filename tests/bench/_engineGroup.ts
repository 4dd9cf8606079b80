import { BENCH_WARM_UP, openBenchEngine, orderBody } from "./benchEngine.js";

/**
 * One measurement of the engine's group-commit path in a process of its own (orders.ts runs it
 * several times): the same code measured in fresh processes on this machine varies by up to a
 * third (allocation-heavy work does, whatever the code), so one process's figure is one draw.
 * Prints one JSON line: orders per second (wall) and µs of CPU per order.
 */
const GROUPED = 20_000;
const TOGETHER = 200;

const bench = await openBenchEngine("engine");
try {
  const { engine, shares, quoted, fresh } = bench;
  // Orders arriving together (200 at a time), acknowledged after their commit: the HTTP door's way.
  const placeGroups = async (count: number) => {
    for (let i = 0; i < count; i += TOGETHER) {
      const inst = shares[(i / TOGETHER) % shares.length]!;
      fresh(inst);
      const q = quoted(inst);
      const results = await Promise.all(Array.from({ length: TOGETHER }, (_, k) => engine.submitOrder("DEMO1", orderBody(q, i + k, false))));
      const refused = results.find((r) => r.status !== "Ok");
      if (refused) throw new Error(`bench order refused: ${refused.status} ${refused.message}`);
    }
  };
  await placeGroups(BENCH_WARM_UP);
  const c0 = process.cpuUsage();
  const t = performance.now();
  await placeGroups(GROUPED);
  const rate = (GROUPED / (performance.now() - t)) * 1000;
  const cpu = process.cpuUsage(c0);
  console.log(JSON.stringify({ rate, cpuUs: (cpu.user + cpu.system) / GROUPED, orders: GROUPED, together: TOGETHER, warmUp: BENCH_WARM_UP }));
} finally {
  await bench.close();
}
