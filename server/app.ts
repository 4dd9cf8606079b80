import fs from "node:fs";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import { TRANSPORT_CODES } from "../src/core/errors/transport.js";
import { seedDemoAccounts } from "./accounts.js";
import type { AlertEngine } from "./alerts/engine.js";
import { registerAlerts } from "./alerts/routes.js";
import { registerAliases } from "./aliases/routes.js";
import { registerChartDrawings } from "./charts/drawings.js";
import { registerChartIndicators } from "./chartIndicators/routes.js";
import { registerWorkspaces } from "./workspaces/routes.js";
import { registerDesk } from "./desk/routes.js";
import { registerBaskets } from "./basket/routes.js";
import { registerStrategies } from "./strategies/routes.js";
import { registerAuth } from "./auth/routes.js";
import { createClock } from "./clock.js";
import type { BrokerConfig } from "./config.js";
import type { BrokerContext } from "./context.js";
import { registerProfile } from "./core/profile.js";
import { registerActiveSessions } from "./core/sessions.js";
import { registerFeedback } from "./core/feedback.js";
import { openDb, type Db } from "./db.js";
import { registerDev } from "./dev/index.js";
import { registerDiscover } from "./discover/routes.js";
import { fail, ok } from "./envelope.js";
import { registerEnvelopeErrors, sendTransportError } from "./http/errors.js";
import { isSourceMap, registerSecurityHeaders } from "./http/headers.js";
import { registerJsonBodies } from "./http/json.js";
import { registerDocs } from "./http/docs.js";
import { registerWire, route, type SchemaRoute } from "./http/wire.js";
import { health } from "../src/core/wire/health.js";
import { refuseStrayUpgrades, timeoutOptions } from "./http/limits.js";
import { registerFeed, type Feed } from "./feed/index.js";
import { registerAuthGuard, type RegisteredRoute } from "./guard.js";
import { registerIdeas } from "./ideas/routes.js";
import type { IdeaBook } from "./ideas/book.js";
import { registerGttService } from "./gtt/index.js";
import type { GttService } from "./gtt/routes.js";
import { registerCharts } from "./charts/routes.js";
import { toEntry } from "./gtt/store.js";
import { istDateKey, istInstant } from "../src/core/time.js";
import { startCheckpoints } from "./checkpoints.js";
import { registerContractChain } from "./market/chain.js";
import { createBrokerMarket } from "./market/index.js";
import { registerMarketRoutes } from "./market/routes.js";
import { registerOptionChain } from "./market/optionChain.js";
import { registerOiHistory } from "./market/oiHistory.js";
import { registerStartbar } from "./market/startbar.js";
import type { Market } from "./market/types.js";
import { OrderEngine } from "./orders/engine.js";
import { claimedFromHolding } from "./orders/holdingClaims.js";
import { OrderRateLimiter } from "./orders/rateLimit.js";
import { resumeRateSends, savedSimTime, startDaySnapshots } from "./market/simDay.js";
import { registerOrders } from "./orders/routes.js";
import { WorkingOrders } from "./orders/working.js";
import { registerWrapper } from "./orders/wrapper.js";
import { Portfolio } from "./portfolio/portfolio.js";
import { registerPortfolio } from "./portfolio/routes.js";
import { seedDemoPortfolios } from "./portfolio/seed.js";
import type { SipScheduler } from "./sip/scheduler.js";
import { registerSips } from "./sip/routes.js";
import { registerSso } from "./sso/routes.js";
import type { RiskDesk } from "./risk/desk.js";
import { registerRisk } from "./risk/routes.js";
import { alertOrders } from "./risk/alertOrders.js";
import { registerWatchlists } from "./watchlist/routes.js";
import { Recorder } from "./replay/recorder.js";
import { mirrorAccountsIn, mirrorAccountsOut, createReplayMode, endReplayRun, noteLiveRan, openReplayTape, type ReplayMode, type ReplayModeOptions } from "./replay/mode.js";
import { moveReplayTo, replayOrderGate } from "./replay/moving.js";
import { keepRunPosition, resumePosition, saveRunPosition } from "./replay/position.js";
import { registerReplay } from "./replay/routes.js";
import type { SimMarket } from "./market/sim/market.js";

/** The same-origin service prefixes of DESIGN.md section 4. */
export const SERVICE_PREFIXES = ["/auth", "/core", "/wrapper", "/sso", "/span", "/charts", "/feed"] as const;

export interface Broker {
  app: FastifyInstance;
  ctx: BrokerContext;
  db: Db;
  market: Market;
  portfolio: Portfolio;
  orders: OrderEngine;
  gtt: GttService;
  feed: Feed;
  ideas: IdeaBook;
  alerts: AlertEngine;
  sips: SipScheduler;
  risk: RiskDesk;
  /** Every registered route and its access (server/guard.ts), as fastify registered them. */
  routes: readonly RegisteredRoute[];
  /** The same routes with the schemas they were registered with (server/http/wire.ts). */
  schemaRoutes: readonly SchemaRoute[];
  close(): Promise<void>;
}

/**
 * Builds the paper broker without listening, so tests can inject requests or listen on port 0.
 * This is the broker's one composition root: every service is made here and handed, explicitly,
 * to the services and route modules that use it.
 */
export interface BrokerHooks {
  /** Restarts the broker on a replayed day or live (server/main.ts); without it the replay calls answer EC756. */
  switchTo?: (replayDate: string | undefined) => void;
  /** A replay's wall clock and driver period, for tests that move time themselves (server/replay/mode.ts). */
  replay?: ReplayModeOptions;
}

export async function buildBroker(config: BrokerConfig, hooks: BrokerHooks = {}): Promise<Broker> {
  // Replay (issue 35): the day's tape, its clock and market, and books in a database of their own.
  const replay: ReplayMode | undefined = config.replayDate ? createReplayMode(openReplayTape(config.tapesDir, config.replayDate), config.dataDir, hooks.replay) : undefined;
  const db = openDb(replay ? replay.dataDir : config.dataDir);
  if (replay) mirrorAccountsIn(db, config.dataDir, replay);
  else noteLiveRan(config.dataDir);
  const clock = replay ? replay.clock : createClock(config.simTime, Date.now, savedSimTime(db));
  const app = Fastify({
    logger: { level: config.logLevel },
    // Request ids make the structured log lines of one request easy to follow.
    genReqId: (() => {
      let n = 0;
      return () => `r${(++n).toString(36)}`;
    })(),
    bodyLimit: 1_048_576,
    ...timeoutOptions(config.httpTimeoutMs),
    // The router's own refusals (bad URL encoding, a parameter over maxParamLength) in the envelope too.
    frameworkErrors: sendTransportError,
  });
  const closers: Array<() => Promise<void> | void> = [];
  const ctx: BrokerContext = { config, db, clock, log: app.log, onClose: (fn) => closers.push(fn) };
  // What the users changed of themselves during a replay goes back to the live database (closers run before it closes).
  if (replay) ctx.onClose(() => mirrorAccountsOut(db, config.dataDir));
  // A clean close ends the replay's run: the next start of the date trades it afresh (server/replay/mode.ts).
  if (replay) ctx.onClose(() => endReplayRun(replay));
  // First made, so last of the closers to run: every service has written what it had.
  const checkpoints = startCheckpoints(db, app.log);
  ctx.onClose(() => checkpoints.stop());

  seedDemoAccounts(db, clock.now());
  // First, so that every route after it gets its access rule.
  const routes = registerAuthGuard(app, ctx);
  // Then every route's schema: its validator, its serialiser, and the OpenAPI document at /docs.
  const schemaRoutes = registerWire(app, config.wireCheck);
  await registerDocs(app);

  registerJsonBodies(app);
  registerEnvelopeErrors(app);
  registerSecurityHeaders(app, config.mqttUrl ? config.feedEdges.map((e) => e.publicUrl) : undefined);

  // Every open app asks once a second (its feed light): not worth a log line each.
  route(
    app,
    health,
    async () => ok([{ up: true, simTime: clock.now().toISOString(), clockMode: clock.mode, clockSpeed: replay ? replay.clock.runningSpeed : 1, ...(replay ? { replayDate: replay.date, replayRun: replay.run, replaySpeed: replay.clock.speed, replayMoving: replay.clock.moving, replayEnded: replay.clock.ended } : {}) }]),
    { logLevel: "warn" },
  );

  // The services, each given what it uses. Closers run last-made first: feed, GTT, orders, market.
  let sim: SimMarket | undefined;
  let market: Market;
  if (replay) {
    market = replay.market;
    ctx.onClose(() => {
      replay.market.stop();
      replay.tape.close();
    });
    // A run carried on after a crash (no clean close ended it) resumes where it was, read before anything writes it again.
    const resume = resumePosition(replay, db);
    // The day starts when the broker is up: its clock stands at the open until then, and the
    // tape is decoded as the clock comes to it (never the whole day before the broker listens).
    app.addHook("onReady", async () => {
      replay.clock.jump(replay.tape.frames[0]!.first);
      if (resume) {
        // Paused, at its speed: the trader was not watching while it was down; nothing of the day passes before they are back.
        replay.clock.setSpeed(resume.speed);
        replay.clock.pause();
        // Not awaited: the broker answers while the tape is played there, and orders wait for it (EC757).
        void moveReplayTo(replay, resume.at);
      }
      replay.market.start();
      ctx.onClose(keepRunPosition(replay));
    });
  } else {
    market = sim = createBrokerMarket(ctx);
  }
  const working = new WorkingOrders(market);
  // The funds limits count the margin that working orders hold; a conversion out of DELIVERY, the shares their sells claim.
  const portfolio = new Portfolio(
    db,
    market,
    (userId) => working.margins(userId),
    (userId, isin, product) => claimedFromHolding(working, market, userId, isin, product),
  );
  const orders = new OrderEngine(ctx, { market, portfolio, working });
  ctx.onClose(() => orders.stop());
  if (replay) {
    // The trader's orders wait while the replay moves to another time (server/replay/moving.ts).
    orders.setGates({ trader: replayOrderGate(replay) });
    // Each order's clock time is kept as it happens: a crash never resumes the run before an acknowledged order.
    orders.onOrderUpdate(() => saveRunPosition(replay));
  }
  // The flight recorder (issue 35): every tick and the session's orders and fills, one tape a day.
  const recorder = config.record && sim ? new Recorder(sim, { ...config.record, onError: (err) => app.log.error({ err }, "flight recorder: a block could not be written") }) : undefined;
  if (recorder) {
    orders.onOrderUpdate((clientCode, update) => recorder.event(clock.now().getTime(), clientCode, update));
    ctx.onClose(() => recorder.close());
  }
  seedDemoPortfolios(ctx, market, portfolio, !replay);

  registerProfile(app, ctx);
  registerActiveSessions(app, ctx);
  registerFeedback(app, ctx);
  registerAuth(app, ctx);
  registerSso(app, ctx);
  registerMarketRoutes(app, ctx, market, (userId, inst) => portfolio.holdingQuantities(userId, inst));
  registerStartbar(app, ctx, market);
  registerContractChain(app, ctx, market);
  registerAliases(app, ctx);
  registerChartIndicators(app, ctx);
  registerWorkspaces(app, ctx);
  registerDesk(app, ctx);
  const rateLimiter = new OrderRateLimiter(config.orderRateLimit);
  resumeRateSends(db, rateLimiter);
  registerOrders(app, orders, rateLimiter);
  // After the market and the orders, so its last snapshot at shutdown runs before they stop.
  if (sim) startDaySnapshots(ctx, sim, rateLimiter);
  registerWrapper(app, ctx, market);
  registerReplay(app, ctx, { mode: replay, tapesDir: config.tapesDir, liveDataDir: config.dataDir, orders, switchTo: hooks.switchTo, flushRecording: recorder && (() => recorder.flush()) });
  registerPortfolio(app, portfolio, (userId) => orders.profileOf(userId));
  const feed = await registerFeed(app, ctx, market);
  refuseStrayUpgrades(app);
  // Every order update goes out on the client's order topic of the live feed.
  orders.onOrderUpdate((clientCode, update) => feed.publishOrderUpdate(clientCode, update));
  // The risk desk (issue 33) gates every order before any door below can place one.
  const risk = registerRisk(app, ctx, market, orders, (userId, message) => feed.publishOrderUpdate(userId, message));
  const gtt = registerGttService(app, ctx, market, orders, (userId, message) => feed.publishOrderUpdate(userId, message));
  registerWatchlists(app, ctx, market);
  registerBaskets(app, ctx, market, (userId, message) => feed.publishOrderUpdate(userId, message));
  registerStrategies(app, ctx, market);
  registerCharts(app, ctx, market, {
    orders: (userId) => orders.orderBook(userId),
    positions: (userId) => portfolio.positions(userId),
    // Today's GTTs, as the GTT list answers them (only the active ones draw a line).
    gtts: (userId) => gtt.store.listForDay(userId, istInstant(istDateKey(ctx.clock.now()), 0)).map(toEntry),
  });
  registerChartDrawings(app, ctx, market);
  registerOptionChain(app, market, ctx.clock);
  registerOiHistory(app, market, ctx.clock);
  const ideas = registerIdeas(app, ctx, market);
  registerDiscover(app, ctx, market);
  // A fired alert goes out on the client's order topic, beside its order updates.
  const alerts = registerAlerts(app, ctx, market, (userId, message) => feed.publishOrderUpdate(userId, message), alertOrders(ctx, market, orders, risk, (userId, message) => feed.publishOrderUpdate(userId, message)));
  const sips = registerSips(app, ctx, market, (userId, request) => orders.placeOrder(userId, request));
  await registerDev(app, ctx, market);

  const staticDir = config.staticDir;
  const hasApp = staticDir !== undefined && fs.existsSync(path.join(staticDir, "index.html"));
  if (hasApp) await app.register(fastifyStatic, { root: staticDir, wildcard: false, index: false, allowedPath: (p) => !isSourceMap(p) });

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split("?")[0] ?? "/";
    const isService = SERVICE_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`)) || url.startsWith("/dev/") || url === "/health";
    // A file of a build made since the broker started (the static routes are the files there at start):
    // index.html is read at each request, so a rebuild's page asked for its new hashed assets and got
    // the page again as script, a blank page until the broker restarted. sendFile stays inside the root.
    if (!isService && req.method === "GET" && hasApp && url.startsWith("/assets/") && !isSourceMap(url)) {
      return assetOnDisk(staticDir!, url) ? reply.sendFile(url.slice(1)) : reply.status(404).send(fail("EC404", `${TRANSPORT_CODES.EC404}: ${req.method} ${url}`));
    }
    // Every client route is served the single-page app; the client's router applies the redirects.
    if (!isService && req.method === "GET" && hasApp && !isSourceMap(url)) return reply.type("text/html").sendFile("index.html");
    return reply.status(404).send(fail("EC404", `${TRANSPORT_CODES.EC404}: ${req.method} ${url}`));
  });

  let closed = false;
  return {
    app,
    ctx,
    db,
    market,
    portfolio,
    orders,
    gtt,
    feed,
    ideas,
    alerts,
    sips,
    risk,
    routes,
    schemaRoutes,
    async close() {
      if (closed) return;
      closed = true;
      for (const fn of closers.reverse()) await fn();
      await app.close();
      db.close();
    },
  };
}

/** Whether a path under /assets/ names a file in the static folder now (a malformed escape names none). */
function assetOnDisk(root: string, url: string): boolean {
  try {
    return fs.existsSync(path.join(root, path.normalize(decodeURIComponent(url))));
  } catch {
    return false;
  }
}
