import WebSocket from "ws";

/**
 * A Chrome DevTools Protocol session over a WebSocket: the paper broker's own Node inspector
 * (`--inspect`), for the memory soak to force a collection and read process.memoryUsage() of the
 * broker process from outside, without a route of its own in the product.
 */
export interface CdpSession {
  send<T = unknown>(method: string, params?: object): Promise<T>;
  close(): void;
}

export async function openCdp(url: string): Promise<CdpSession> {
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  let next = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  ws.on("message", (data) => {
    const m = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string } };
    const w = m.id === undefined ? undefined : waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id!);
    if (m.error) w.reject(new Error(m.error.message));
    else w.resolve(m.result);
  });
  return {
    send<T>(method: string, params: object = {}) {
      const id = next++;
      ws.send(JSON.stringify({ id, method, params }));
      return new Promise<T>((resolve, reject) => waiting.set(id, { resolve: resolve as (v: unknown) => void, reject }));
    },
    close: () => ws.close(),
  };
}

/** The inspector's WebSocket address that a Node process printed on start (`Debugger listening on ws://...`). */
export function inspectorUrl(output: string): string | undefined {
  return /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1];
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time per function of a CDP CPU profile, largest first, as shares of the whole. */
export function selfTime(profile: CpuProfile): Array<{ name: string; share: number }> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const total = new Map<string, number>();
  let all = 0;
  (profile.samples ?? []).forEach((id, k) => {
    const f = byId.get(id)!.callFrame;
    const name = `${f.functionName || "(anonymous)"} ${f.url.split("/").slice(-1)[0] ?? ""}${f.url ? `:${f.lineNumber + 1}` : ""}`;
    const dt = profile.timeDeltas?.[k] ?? 0;
    total.set(name, (total.get(name) ?? 0) + dt);
    all += dt;
  });
  return [...total].map(([name, t]) => ({ name, share: t / Math.max(1, all) })).sort((a, b) => b.share - a.share);
}
