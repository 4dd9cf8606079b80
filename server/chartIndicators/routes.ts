import type { FastifyInstance } from "fastify";
import { ERROR_CATALOGUE } from "../../src/core/errors.js";
import { MAX_INDICATORS, readSpecText, specText } from "../../src/core/charts/indicators/spec.js";
import { chartTemplate, saveChartTemplate } from "../../src/core/wire/chartIndicators.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { route } from "../http/wire.js";

/**
 * The user's default chart indicators (issue 34), kept in the settings table (migration 2) under
 * one key, as the list `chart add` would type:
 *   POST /core/v2/charts/template        -> [{ indicators }]
 *   POST /core/v2/charts/template/save   { indicators } -> [{ indicators }] as kept (each written in full:
 *        "ema" is kept as "ema 20"); EC740 an unknown indicator, EC741 bad settings, EC742 too many
 */
const KEY = "chart.indicators";

export function registerChartIndicators(app: FastifyInstance, ctx: BrokerContext): void {
  const { db } = ctx;
  const read = (userId: string): string[] => {
    const row = db.prepare("SELECT value FROM settings WHERE user_id = ? AND key = ?").get(userId, KEY) as { value: string } | undefined;
    if (!row) return [];
    try {
      const saved = JSON.parse(row.value) as unknown;
      return Array.isArray(saved) ? saved.filter((s): s is string => typeof s === "string") : [];
    } catch {
      return [];
    }
  };
  route(app, chartTemplate, async (req) => ok([{ indicators: read(req.userId) }]));

  route(app, saveChartTemplate, async (req) => {
    if (req.body.indicators.length > MAX_INDICATORS) return fail("EC742", `${ERROR_CATALOGUE.EC742}: at most ${MAX_INDICATORS}`);
    const kept: string[] = [];
    for (const text of req.body.indicators) {
      const r = readSpecText(text);
      if (!r.ok) return fail(r.code, `${ERROR_CATALOGUE[r.code]}: ${r.message}`);
      const t = specText(r.spec);
      if (!kept.includes(t)) kept.push(t);
    }
    db.prepare("INSERT INTO settings (user_id, key, value) VALUES (?, ?, ?) ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value").run(req.userId, KEY, JSON.stringify(kept));
    return ok([{ indicators: kept }]);
  });
}
