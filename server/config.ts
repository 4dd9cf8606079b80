import path from "node:path";
import { DEFAULT_ORDER_RATE_LIMIT, parseRateLimit, type RateWindow } from "../src/core/rules/rateLimit.js";

/** Everything the paper broker reads from its environment, parsed once at start-up. */
export interface BrokerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** ISO timestamp to start the simulated clock at, "real" for the wall clock, or undefined for the default rule. */
  simTime: string | undefined;
  simSeed: number;
  tickHz: number;
  mqttUrl: string | undefined;
  /**
   * The external broker's dynamic-security admin (MQTT_ADMIN_USER, MQTT_ADMIN_PASSWORD): with a
   * password, the paper broker manages who may connect and subscribe there (server/feed/dynsec.ts).
   * Never sent to the app.
   */
  mqttAdmin: { username: string; password: string } | undefined;
  /**
   * Where the app connects for the feed (GET /core/feed/config): the embedded /feed, or with MQTT_URL
   * the external broker's WebSocket, FEED_PUBLIC_URL (default ws://127.0.0.1:$MQTT_WS_PORT, 9001).
   */
  feedPublicUrl: string | undefined;
  /**
   * The feed past one machine (issue 36): the edges' dynamic-security admin endpoints
   * (MQTT_ADMIN_URLS, comma-separated mqtt:// URLs) and, in the same order, their WebSockets for
   * the app (FEED_PUBLIC_URLS). MQTT_URL is then the core the paper broker publishes to. Without
   * MQTT_ADMIN_URLS the one broker at MQTT_URL is both, with FEED_PUBLIC_URL: one edge.
   */
  feedEdges: Array<{ adminUrl: string; publicUrl: string }>;
  /**
   * The longest a request may take to arrive (headers and body) and a connection may sit idle
   * before the broker closes it (HTTP_TIMEOUT_MS, default 20 s: server/http/limits.ts).
   */
  httpTimeoutMs: number;
  logLevel: string;
  /** Folder of the built client; absent in API-only test servers. */
  staticDir: string | undefined;
  /**
   * The /dev routes (outbox, price, session): on when the broker listens on loopback, unless
   * DEV_ROUTES=off; on any other HOST only with DEV_ROUTES=force (server/dev/index.ts).
   */
  devRoutes: boolean;
  /** Why the dev routes are off, for the start-up banner; undefined when they are on. */
  devRoutesOff: string | undefined;
  /** POST /dev/session (a session without credentials): only under the test harness, DEV_SESSION=1. */
  devSession: boolean;
  /**
   * Features in beta and the accounts not let in yet (BETA_LOCKED, "feature:USER,USER;feature:USER";
   * default "sip:DEMO2", empty for none): such an account's call of the feature answers EC876,
   * which opens the client's beta-access dialog (server/beta.ts).
   */
  betaLocked: ReadonlyMap<string, ReadonlySet<string>>;
  /**
   * WIRE_CHECK=1 (the tests' brokers): every answer is also serialised without its schema, and one
   * its schema would change (a field dropped or coerced) fails with EC500 (server/http/wire.ts).
   */
  wireCheck: boolean;
  /**
   * The flight recorder (issue 35, server/replay/recorder.ts): on unless RECORD=off; tapes in
   * RECORD_DIR (default $DATA_DIR/tapes), the oldest dates deleted past RECORD_MAX_BYTES (default 10 GB).
   */
  record: { dir: string; maxBytes: number } | undefined;
  /** Where tapes are looked for (RECORD_DIR, default $DATA_DIR/tapes), recording or not. */
  tapesDir: string;
  /** REPLAY=YYYY-MM-DD (`npm run replay -- date`): the broker replays that day instead of simulating (server/replay/). */
  replayDate: string | undefined;
  /** ORDER_RATE_LIMIT: per-user order windows (`10/s,400/min,5000/day` by default), `[]` for `off` (issue 19). */
  orderRateLimit: RateWindow[];
}

/** Whether an address to listen on is the loopback interface only. */
export function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): BrokerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, not "${env.PORT}"`);
  }
  const host = env.HOST ?? "127.0.0.1";
  const devMode = env.DEV_ROUTES ?? "on";
  if (!["on", "off", "force"].includes(devMode)) throw new ConfigError(`DEV_ROUTES must be on, off or force, not "${devMode}"`);
  const devRoutesOff =
    devMode === "off"
      ? "Dev routes (/dev/*) are off (DEV_ROUTES=off)"
      : devMode === "on" && !isLoopbackHost(host)
        ? `Dev routes (/dev/*) are off: HOST ${host} is not a loopback address (DEV_ROUTES=force turns them on)`
        : undefined;
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR ?? "data"),
    simTime: env.SIM_TIME || undefined,
    simSeed: Number(env.SIM_SEED ?? 42),
    tickHz: Number(env.TICK_HZ ?? 2),
    mqttUrl: env.MQTT_URL || undefined,
    mqttAdmin: env.MQTT_ADMIN_PASSWORD ? { username: env.MQTT_ADMIN_USER || "tape-admin", password: env.MQTT_ADMIN_PASSWORD } : undefined,
    feedPublicUrl: env.MQTT_URL ? feedPublicUrl(env) : undefined,
    feedEdges: env.MQTT_URL ? feedEdges(env) : [],
    httpTimeoutMs: positiveMs(env.HTTP_TIMEOUT_MS, 20_000, "HTTP_TIMEOUT_MS"),
    logLevel: env.LOG_LEVEL ?? "info",
    staticDir: env.STATIC_DIR === "" ? undefined : path.resolve(env.STATIC_DIR ?? "dist"),
    devRoutes: devRoutesOff === undefined,
    devRoutesOff,
    devSession: env.DEV_SESSION === "1",
    betaLocked: parseBetaLocked(env.BETA_LOCKED ?? "sip:DEMO2"),
    orderRateLimit: rateLimit(env.ORDER_RATE_LIMIT),
    wireCheck: env.WIRE_CHECK === "1",
    record: recordConfig(env),
    tapesDir: path.resolve(env.RECORD_DIR || path.join(env.DATA_DIR ?? "data", "tapes")),
    replayDate: replayDate(env.REPLAY),
  };
}

function recordConfig(env: NodeJS.ProcessEnv): BrokerConfig["record"] {
  const mode = env.RECORD ?? "on";
  if (mode !== "on" && mode !== "off") throw new ConfigError(`RECORD must be on or off, not "${mode}"`);
  if (mode === "off") return undefined;
  const dir = path.resolve(env.RECORD_DIR || path.join(env.DATA_DIR ?? "data", "tapes"));
  const maxBytes = env.RECORD_MAX_BYTES === undefined || env.RECORD_MAX_BYTES === "" ? 10 * 1024 ** 3 : Number(env.RECORD_MAX_BYTES);
  if (!Number.isInteger(maxBytes) || maxBytes <= 0) throw new ConfigError(`RECORD_MAX_BYTES must be a whole number of bytes above 0, not "${env.RECORD_MAX_BYTES}"`);
  return { dir, maxBytes };
}

function replayDate(value: string | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) throw new ConfigError(`REPLAY must be a date YYYY-MM-DD, not "${value}"`);
  return value;
}

function feedPublicUrl(env: NodeJS.ProcessEnv): string {
  const url = env.FEED_PUBLIC_URL || `ws://127.0.0.1:${env.MQTT_WS_PORT || 9001}`;
  if (!/^wss?:\/\/[^/\s]+/.test(url)) throw new ConfigError(`FEED_PUBLIC_URL must be a ws:// or wss:// URL, not "${url}"`);
  return url;
}

function feedEdges(env: NodeJS.ProcessEnv): Array<{ adminUrl: string; publicUrl: string }> {
  const list = (v: string | undefined) => (v ?? "").split(",").map((u) => u.trim()).filter(Boolean);
  const admins = list(env.MQTT_ADMIN_URLS);
  if (admins.length === 0) return [{ adminUrl: env.MQTT_URL!, publicUrl: feedPublicUrl(env) }];
  const publics = list(env.FEED_PUBLIC_URLS);
  if (publics.length !== admins.length) {
    throw new ConfigError(`FEED_PUBLIC_URLS must name one WebSocket per edge of MQTT_ADMIN_URLS, in the same order (${admins.length} edges, ${publics.length} WebSockets)`);
  }
  for (const u of admins) if (!/^mqtts?:\/\/[^/\s]+/.test(u)) throw new ConfigError(`MQTT_ADMIN_URLS must list mqtt:// or mqtts:// URLs, not "${u}"`);
  for (const u of publics) if (!/^wss?:\/\/[^/\s]+/.test(u)) throw new ConfigError(`FEED_PUBLIC_URLS must list ws:// or wss:// URLs, not "${u}"`);
  return admins.map((adminUrl, i) => ({ adminUrl, publicUrl: publics[i]! }));
}

export function parseBetaLocked(text: string): Map<string, Set<string>> {
  const locked = new Map<string, Set<string>>();
  for (const part of text.split(";").map((p) => p.trim()).filter(Boolean)) {
    const [feature, users = ""] = part.split(":");
    if (!feature || !users) throw new ConfigError(`BETA_LOCKED entries are feature:USER,USER, not "${part}"`);
    locked.set(feature.trim().toLowerCase(), new Set(users.split(",").map((u) => u.trim().toUpperCase()).filter(Boolean)));
  }
  return locked;
}

function rateLimit(value: string | undefined): RateWindow[] {
  const parsed = parseRateLimit(value === undefined || value === "" ? DEFAULT_ORDER_RATE_LIMIT : value);
  if (parsed instanceof Error) throw new ConfigError(`ORDER_RATE_LIMIT must be like ${DEFAULT_ORDER_RATE_LIMIT} or off: ${parsed.message}`);
  return parsed;
}

function positiveMs(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) throw new ConfigError(`${name} must be a whole number of milliseconds above 0, not "${value}"`);
  return ms;
}

/** A start-up problem the user can fix; printed as one line, never as a stack trace. */
export class ConfigError extends Error {}
