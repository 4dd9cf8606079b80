import { DEMO_ACCOUNTS } from "./accounts.js";
import { buildBroker } from "./app.js";
import { ConfigError, readConfig } from "./config.js";

/** `npm start`: the paper broker and the built app on one port. */
async function main(): Promise<void> {
  const config = readConfig();
  const broker = await buildBroker(config);
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
    await broker.close();
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
