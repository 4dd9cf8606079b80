import { DEMO_ACCOUNTS } from "./accounts.js";
import { buildBroker, type Broker, type BrokerHooks } from "./app.js";
import { ConfigError, readConfig } from "./config.js";
import { trackSockets } from "./http/sockets.js";

/** How long a close (a replay's switch, a SIGTERM) waits for the connections to end before it drops the ones still open (the app reconnects). */
const CLOSE_WAIT_MS = 10_000;

/** Closes the broker, dropping after CLOSE_WAIT_MS the connections that still hold the close (server/http/sockets.ts). */
async function closeBroker(broker: Broker, sockets: { destroyAll(): number }): Promise<void> {
  const dropLate = setTimeout(() => console.error(`  the broker's close took over ${CLOSE_WAIT_MS / 1000} s: ${sockets.destroyAll()} connections still open are dropped`), CLOSE_WAIT_MS);
  try {
    await broker.close();
  } finally {
    clearTimeout(dropLate);
  }
}

/** `npm start`: the paper broker and the built app on one port. */
async function main(): Promise<void> {
  let config = readConfig();
  // "Replay a day…" and "Leave replay" (issue 35): the broker closes and starts again on the same port, replaying or live.
  const hooks: BrokerHooks = {
    switchTo: (replayDate) => {
      void (async () => {
        const port = (broker.app.server.address() as { port: number } | null)?.port ?? config.port;
        const began = Date.now();
        await closeBroker(broker, sockets);
        const closedIn = Date.now() - began;
        config = { ...config, replayDate, port };
        try {
          broker = await buildBroker(config, hooks);
        } catch (err) {
          // A replay that cannot start (its tape unreadable): back to live rather than no broker at all.
          console.error(`  replay of ${replayDate} could not start: ${(err as Error).message}; live again`);
          config = { ...config, replayDate: undefined };
          broker = await buildBroker(config, hooks);
        }
        sockets = trackSockets(broker.app.server);
        await broker.app.listen({ port, host: config.host });
        // The switch's times, so that a slow one says where it was slow.
        const took = `(closed in ${closedIn} ms, up in ${Date.now() - began - closedIn} ms)`;
        console.log(config.replayDate ? `  REPLAY of ${config.replayDate}: clock ${broker.ctx.clock.now().toISOString()}, books in ${config.dataDir}/replay/${config.replayDate} ${took}` : `  live paper market again ${took}`);
      })().catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
    },
  };
  let broker: Broker = await buildBroker(config, hooks);
  let sockets = trackSockets(broker.app.server);
  try {
    await broker.app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await broker.close();
    if ((err as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new ConfigError(`Port ${config.port} is already in use on ${config.host}. Stop the other process or start with PORT=<another port>.`);
    }
    throw err;
  }
  const address = broker.app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  const lines = [
    "",
    `  Tape paper broker on ${url}`,
    `  clock ${broker.ctx.clock.now().toISOString()} (${broker.ctx.clock.mode}), data in ${config.dataDir}`,
    config.replayDate ? `  REPLAY of ${config.replayDate}: its own books in ${config.dataDir}/replay/${config.replayDate}; the live paper books are untouched` : "",
    config.record && !config.replayDate ? `  Recording every tick to ${config.record.dir} (RECORD=off to stop)` : "",
    config.staticDir ? "" : "  (API only: no built app is served)",
    config.mqttUrl ? `  Feed published to ${config.mqttUrl}; the app connects to ${config.feedEdges.map((e) => e.publicUrl).join(" or ")}` : "",
    "  Demo accounts:",
    ...DEMO_ACCOUNTS.map((a) => `    ${a.userId.padEnd(9)} password ${a.password}   ${a.note}`),
    config.devRoutesOff ? `  ${config.devRoutesOff}; one-time codes go to the server log` : "  One-time codes go to the dev outbox: the server log and GET /dev/outbox?userId=ID",
    `  SSO demo vendor: appkey demo-vendor (VENDOR), redirect ${url.replace(config.host, "127.0.0.1")}/sso-demo/callback; try ${url}/?v=1&appkey=demo-vendor`,
    "",
  ].filter((l) => l !== "");
  console.log(lines.join("\n"));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n  ${signal}: closing the feed, the server and the database...`);
    await closeBroker(broker, sockets);
    console.log("  closed cleanly.");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(`\n  Tape paper broker cannot start: ${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
