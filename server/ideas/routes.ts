import type { FastifyInstance } from "fastify";
import type { BrokerContext } from "../context.js";
import { ok } from "../envelope.js";
import { route } from "../http/wire.js";
import { ideaDetails } from "../../src/core/wire/ideas.js";
import type { Market } from "../market/types.js";
import { IdeaBook, seedIdeas } from "./book.js";
import { applyIdeaFilters } from "./filters.js";

/** POST /core/v2/client-util/idea/details: `{ mode: "all", filters }` (its schema: src/core/wire/ideas.ts) answers result[0].data. */
export function registerIdeas(app: FastifyInstance, ctx: BrokerContext, market: Market): IdeaBook {
  const book = new IdeaBook(market, () => ctx.clock.now());
  seedIdeas(book, market, ctx.clock.now());
  ctx.onClose(() => book.stop());
  route(app, ideaDetails, async (req) => ok([{ data: applyIdeaFilters(book.all(), req.body.filters) }]));
  return book;
}
