import type { FastifyInstance } from "fastify";
import type { BrokerContext } from "../context.js";
import { devOutbox, type OutboxEntry } from "../../src/core/wire/dev.js";
import { route } from "../http/wire.js";

export type { OutboxEntry };
export type OutboxChannel = OutboxEntry["channel"];

/** "Sends" a one-time code: the paper broker has no SMS gateway, so it logs it and keeps it for /dev/outbox. */
export function deliver(ctx: BrokerContext, entry: OutboxEntry): void {
  ctx.db.prepare("INSERT INTO dev_outbox (user_id, channel, code, text, at) VALUES (?, ?, ?, ?, ?)").run(entry.userId, entry.channel, entry.code, entry.text, entry.at);
  ctx.log.info({ outbox: entry }, `outbox ${entry.channel} to ${entry.userId}: ${entry.text}`);
}

/**
 * GET /dev/outbox?userId=ID (DESIGN.md section 5): a plain JSON array, newest first, of one
 * user's codes. Without a userId it is refused: every user's codes at once is never given.
 */
export function registerOutbox(app: FastifyInstance, ctx: BrokerContext): void {
  const ofUser = ctx.db.prepare("SELECT user_id, channel, code, text, at FROM dev_outbox WHERE user_id = ? COLLATE NOCASE ORDER BY id DESC LIMIT 200");
  route(app, devOutbox, async (req) => {
    const rows = ofUser.all(req.query.userId.trim()) as Array<{ user_id: string; channel: OutboxChannel; code: string; text: string; at: string }>;
    return rows.map((r): OutboxEntry => ({ userId: r.user_id, channel: r.channel, code: r.code, text: r.text, at: r.at }));
  });
}
