import type { FastifyInstance } from "fastify";
import { ERROR_CATALOGUE } from "../../src/core/errors.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import type { Market } from "../market/types.js";
import { IdeaBook, seedIdeas } from "./book.js";
import { applyIdeaFilters, readIdeaQuery } from "./filters.js";

/** POST /core/v2/client-util/idea/details: `{ mode: "all", filters }` answers result[0].data. */
export function registerIdeas(app: FastifyInstance, ctx: BrokerContext, market: Market): IdeaBook {
  const book = new IdeaBook(market, () => ctx.clock.now());
  seedIdeas(book, market, ctx.clock.now());
  ctx.onClose(() => book.stop());
  app.post("/core/v2/client-util/idea/details", async (req) => {
    const filters = readIdeaQuery(req.body);
    if (!filters) return fail("EC959", ERROR_CATALOGUE.EC959);
    return ok([{ data: applyIdeaFilters(book.all(), filters) }]);
  });
  return book;
}
