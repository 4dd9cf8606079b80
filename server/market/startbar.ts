import type { FastifyInstance } from "fastify";
import type { Exchange } from "../../src/core/types/exchange.js";
import { segmentOf } from "../../src/core/types/exchange.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import type { Market } from "./types.js";
import { route } from "../http/wire.js";
import { getPinDetails, pinToStartbar, startbar, STARTBAR_MAX, updatePinDetails, type Pin } from "../../src/core/wire/market.js";

/**
 * The pinned header ("startbar"): GET v2/client-util/startbar/get and POST startbar/add
 * (trading-core section 7; shapes not shown). Each item is the spec's pinned header item:
 * segment, exchange, token, pdc, ltp, chg, pchg. A user who has pinned nothing sees NIFTY 50,
 * SENSEX and NIFTY BANK: the three numbers an Indian trader glances at first.
 */
const DEFAULTS: Array<{ exchange: Exchange; token: number }> = [
  { exchange: "NSEEQ", token: 26000 },
  { exchange: "BSEEQ", token: 1 },
  { exchange: "NSEEQ", token: 26009 },
];

export function registerStartbar(app: FastifyInstance, ctx: BrokerContext, market: Market): void {
  const rows = (userId: string) => {
    const saved = ctx.db.prepare("SELECT exchange, token FROM startbar WHERE user_id = ? ORDER BY position").all(userId) as Array<{ exchange: Exchange; token: number }>;
    return saved.length ? saved : DEFAULTS;
  };

  route(app, startbar, async (req) => {
    return ok(
      rows(req.userId).flatMap(({ exchange, token }) => {
        const inst = market.instrument(exchange, token);
        const q = market.quote(exchange, token);
        if (!inst || !q) return [];
        return [{ segment: segmentOf(exchange), exchange, token, symbol: inst.tradingSymbol, name: inst.formattedInsName, isIndex: inst.isIndex, pdc: q.pClose, ltp: q.ltp, chg: q.chg, pchg: q.pchg }];
      }),
    );
  });

  /**
   * POST startbar/add: { exchange, token, position } pins an instrument at a position (0-based,
   * below STARTBAR_MAX), replacing what was there; { exchange, token, remove: true } unpins it.
   */
  const pin = (userId: string, b: Pin) => {
    const token = Number(b.token);
    if (!market.instrument(b.exchange, token)) return fail("EC400", "Invalid scrip: give exchange and token");
    const exchange = b.exchange;
    const current = rows(userId).filter((r) => !(r.exchange === exchange && r.token === token));
    let next = current;
    if (b.remove !== true) {
      const position = b.position === undefined ? current.length : Number(b.position);
      // A full header has no place after its last pin (a given position is the schema's to check).
      if (position >= STARTBAR_MAX) return fail("EC400", `Position must be a whole number from 0 to ${STARTBAR_MAX - 1}`);
      next = [...current];
      if (position < next.length) next[position] = { exchange, token };
      else next.push({ exchange, token });
      if (next.length > STARTBAR_MAX) return fail("EC400", `At most ${STARTBAR_MAX} instruments can be pinned`);
    }
    ctx.db.transaction(() => {
      ctx.db.prepare("DELETE FROM startbar WHERE user_id = ?").run(userId);
      const ins = ctx.db.prepare("INSERT INTO startbar (user_id, position, exchange, token) VALUES (?, ?, ?, ?)");
      next.forEach((r, i) => ins.run(userId, i, r.exchange, r.token));
    })();
    return ok([]);
  };
  route(app, pinToStartbar, async (req) => pin(req.userId, req.body));

  /**
   * "Wrapper requests (… pin details get and update …) each has a head" (access-and-surroundings
   * section 7): the same pins, as the wrapper's { head, body } calls. getPinDetails answers the
   * pinned scrips in order, { position, exchange, token }; updatePinDetails takes startbar/add's
   * fields as its body. The user is the bearer's, never head's login id.
   */
  route(app, getPinDetails, async (req) => ok(rows(req.userId).map((r, position) => ({ position, exchange: r.exchange, token: r.token }))));
  route(app, updatePinDetails, async (req) => pin(req.userId, req.body.body));
}
