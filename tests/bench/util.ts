import fs from "node:fs";

/** Small helpers for the benchmarks: they print figures and never assert on time. */
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** utime + stime of a process in seconds (/proc/<pid>/stat, 100 ticks a second); 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The feed's WebSocket address for a session (GET /core/feed/config); the embedded broker names it by path, on its own origin. */
export async function feedSocketUrl(brokerUrl: string, token: string): Promise<string> {
  const feed = (await (await fetch(`${brokerUrl}/core/feed/config`, { headers: { authorization: `Bearer ${token}` } })).json()) as { result: Array<{ url: string }> };
  const configured = feed.result[0]!.url;
  return configured.startsWith("/") ? `${brokerUrl.replace(/^http/, "ws")}${configured}` : configured;
}
export function stats(samples: number[]): { median: number; p95: number; p99: number; max: number; mean: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), p99: at(0.99), max: s[s.length - 1] ?? 0, mean: s.reduce((x, y) => x + y, 0) / Math.max(1, s.length) };
}

export const fmt = (n: number, digits = 3): string => n.toLocaleString("en-US", { maximumFractionDigits: digits });

/** One measured row of the closing table (targets.ts): the figure, whether it meets its target, and the ratio to a baseline run alongside. */
export interface Measured {
  figure: string;
  meets: boolean;
  /** Against a baseline measured in the same run, said in words ("94 % of the hand-written loop"). */
  ratio?: string;
}

const measured = new Map<string, Measured>();

/** A bench reports a row of the table by its id in targets.ts. */
export function report(id: string, row: Measured): void {
  measured.set(id, row);
}

export function reportedRows(): ReadonlyMap<string, Measured> {
  return measured;
}
