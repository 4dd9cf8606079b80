import type { FastifyInstance } from "fastify";
import type { BrokerContext } from "./context.js";
import { registerAuthGuard } from "./guard.js";
import { registerProfile } from "./core/profile.js";
import { registerDevRoutes } from "./dev/routes.js";
import { registerDevPrice } from "./dev/price.js";
import { registerAuth } from "./auth/routes.js";
import { registerOutbox } from "./auth/outbox.js";
import { registerSso } from "./sso/routes.js";
import { registerMarketRoutes } from "./market/routes.js";
import { registerStartbar } from "./market/startbar.js";
import { registerOrders } from "./orders/routes.js";
import { registerWrapper } from "./orders/wrapper.js";
import { registerPortfolio } from "./portfolio/routes.js";
import { registerFeed } from "./feed/index.js";
import { registerGttService } from "./gtt/index.js";
import { registerWatchlists } from "./watchlist/routes.js";
import { registerChartBars } from "./market/bars.js";

/** The same-origin service prefixes of DESIGN.md section 4. */
export const SERVICE_PREFIXES = ["/auth", "/core", "/wrapper", "/sso", "/span", "/charts", "/feed"] as const;

/** Every service module, registered in one place so the broker's surface is readable at a glance. */
export async function registerServices(app: FastifyInstance, ctx: BrokerContext): Promise<void> {
  registerAuthGuard(app, ctx);
  registerProfile(app, ctx);
  registerAuth(app, ctx);
  registerSso(app, ctx);
  registerMarketRoutes(app, ctx);
  registerStartbar(app, ctx);
  registerOrders(app, ctx);
  registerWrapper(app, ctx);
  registerPortfolio(app, ctx);
  await registerFeed(app, ctx);
  registerGttService(app, ctx);
  registerWatchlists(app, ctx);
  registerChartBars(app, ctx);
  if (ctx.config.paperMode) registerDevRoutes(app, ctx);
  if (ctx.config.paperMode) registerDevPrice(app, ctx);
  if (ctx.config.paperMode) registerOutbox(app, ctx);
}
