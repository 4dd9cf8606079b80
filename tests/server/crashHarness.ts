import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnBroker } from "../support/brokerProcess.js";
import { OPEN_TIME } from "./tradingHarness.js";

/**
 * The SIGKILL tests' one setup (orders, trailing stops, kill switches, loss limits): the real
 * server/main.ts process on a data folder, on a free port, its clock at the open, TICK_HZ=0 so only
 * the test moves a price (/dev/price), signed in through /dev/session.
 */
export const startProcess = (dataDir: string) => spawnBroker({ PORT: "0", DATA_DIR: dataDir, STATIC_DIR: "", TICK_HZ: "0", SIM_TIME: OPEN_TIME, DEV_SESSION: "1", ORDER_RATE_LIMIT: "off" });

export type Envelope = { status: string; message: string; result: Array<Record<string, unknown>> };
export type Call = (method: string, p: string, body?: unknown) => Promise<Envelope>;

/** DEMO1 signed in on a running process: its access token (the GTT wrapper client takes it too). */
export async function signIn(url: string): Promise<string> {
  const session = (await (await fetch(`${url}/dev/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: "DEMO1" }) })).json()) as Envelope;
  return session.result[0]?.accessToken as string;
}

/** DEMO1's calls on a running process. */
export async function client(url: string): Promise<Call> {
  const token = await signIn(url);
  return async (method: string, p: string, body: unknown = {}): Promise<Envelope> =>
    (await fetch(`${url}${p}`, { method, headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) })).json() as Promise<Envelope>;
}

/** Sets an NSE share's last price through the dev route. */
export const setPrice = async (url: string, token: unknown, price: number): Promise<unknown> =>
  (await fetch(`${url}/dev/price`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ exchange: "NSEEQ", token, price }) })).json();

/** INFY-EQ's search row (its token) on a running process. */
export async function findInfy(call: Call): Promise<Record<string, unknown>> {
  return (await call("POST", "/core/search", { searchText: "INFY", exchange: ["NSEEQ"], pageSize: 5, currentPage: 1 })).result.find((r) => r.tradingSymbol === "INFY-EQ")!;
}

/** A fresh data folder, and its removal. */
export function tempDataDir(name: string): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tape-${name}-`));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** kill -9 of a process, waited for. */
export async function sigkill(p: ReturnType<typeof startProcess>): Promise<void> {
  p.child.kill("SIGKILL");
  await p.exited();
}
