import type { FastifyInstance } from "fastify";
import { ERROR_CATALOGUE } from "../../src/core/errors.js";
import { MAX_TEMPLATES, templateProblem, type BracketTemplate } from "../../src/core/rules/bracket.js";
import { presetProblem, type OrderPreset } from "../../src/core/rules/orderPresets.js";
import { deletePreset, deleteTemplate, listPresets, listTemplates, savePreset, saveTemplate, type BracketTemplateRow } from "../../src/core/wire/desk.js";
import { EXCHANGES } from "../../src/core/types/exchange.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { route } from "../http/wire.js";

const SEGMENT_KEYS = ["segment:equity", "segment:derivatives", "segment:currency", "segment:commodity"];

/** "segment:equity", or an instrument "NSEEQ:INFY" (exchange and symbol in upper case); undefined when it is neither. */
function presetKey(raw: string): string | undefined {
  const key = raw.trim();
  if (SEGMENT_KEYS.includes(key)) return key;
  const at = key.indexOf(":");
  const exchange = key.slice(0, at).toUpperCase();
  const symbol = key.slice(at + 1).trim().toUpperCase();
  if (at < 1 || !(EXCHANGES as readonly string[]).includes(exchange) || !/^[A-Z0-9&_.-]{1,40}$/.test(symbol)) return undefined;
  return `${exchange}:${symbol}`;
}

/**
 * Order presets and bracket templates, kept per user (issue 33, src/core/wire/desk.ts):
 *   POST /core/v2/desk/presets[/save|/delete]   presets by key (a segment or an instrument)
 *   POST /core/v2/desk/brackets[/save|/delete]  bracket templates by name
 * The tables are migration 3320's; the order engine reads a template when an entry names it (brackets.ts).
 */
export function registerDesk(app: FastifyInstance, ctx: BrokerContext): void {
  const { db } = ctx;
  const presets = (userId: string) =>
    (db.prepare("SELECT key, preset FROM order_presets WHERE user_id = ? ORDER BY key").all(userId) as Array<{ key: string; preset: string }>).map((r) => ({ key: r.key, preset: JSON.parse(r.preset) as OrderPreset }));
  const templates = (userId: string) =>
    (db.prepare("SELECT template FROM bracket_templates WHERE user_id = ? ORDER BY name").all(userId) as Array<{ template: string }>).map((r) => JSON.parse(r.template) as BracketTemplateRow);
  const hasTemplate = (userId: string, name: string) => db.prepare("SELECT 1 FROM bracket_templates WHERE user_id = ? AND name = ?").get(userId, name) !== undefined;

  route(app, listPresets, async (req) => ok(presets(req.userId)));

  route(app, savePreset, async (req) => {
    const key = presetKey(req.body.key);
    if (!key) return fail("EC720", `${ERROR_CATALOGUE.EC720}: a preset is of a segment or of an instrument (NSEEQ:INFY)`);
    const preset: OrderPreset = { ...req.body.preset };
    if (preset.bracket !== undefined) {
      preset.bracket = preset.bracket.trim().toLowerCase();
      if (preset.bracket === "") delete preset.bracket;
      else if (!hasTemplate(req.userId, preset.bracket)) return fail("EC721", `${ERROR_CATALOGUE.EC721}: ${preset.bracket}`);
    }
    const problem = presetProblem(preset);
    if (problem) return fail("EC720", `${ERROR_CATALOGUE.EC720}: ${problem}`);
    db.prepare("INSERT INTO order_presets (user_id, key, preset) VALUES (?, ?, ?) ON CONFLICT (user_id, key) DO UPDATE SET preset = excluded.preset").run(req.userId, key, JSON.stringify(preset));
    return ok(presets(req.userId));
  });

  route(app, deletePreset, async (req) => {
    const r = db.prepare("DELETE FROM order_presets WHERE user_id = ? AND key = ?").run(req.userId, presetKey(req.body.key) ?? "");
    return r.changes > 0 ? ok(presets(req.userId)) : fail("EC729", ERROR_CATALOGUE.EC729);
  });

  route(app, listTemplates, async (req) => ok(templates(req.userId)));

  route(app, saveTemplate, async (req) => {
    const b = req.body;
    const t: BracketTemplate = { name: b.name.trim().toLowerCase(), targets: b.targets.map((x) => ({ points: x.points, share: x.share })), stopPoints: b.stopPoints };
    if (b.breakEven) t.breakEven = b.breakEven.after === "target" ? { after: "target" } : { after: "ticks", ticks: b.breakEven.ticks ?? 0 };
    const problem = templateProblem(t);
    if (problem) return fail(problem.code, problem.message);
    if (!hasTemplate(req.userId, t.name) && templates(req.userId).length >= MAX_TEMPLATES) return fail("EC727", ERROR_CATALOGUE.EC727);
    db.prepare("INSERT INTO bracket_templates (user_id, name, template) VALUES (?, ?, ?) ON CONFLICT (user_id, name) DO UPDATE SET template = excluded.template").run(req.userId, t.name, JSON.stringify(t));
    return ok(templates(req.userId));
  });

  route(app, deleteTemplate, async (req) => {
    // A template at work keeps its own copy (the brackets table): deleting it here stops only new entries naming it.
    const r = db.prepare("DELETE FROM bracket_templates WHERE user_id = ? AND name = ?").run(req.userId, req.body.name.trim().toLowerCase());
    return r.changes > 0 ? ok(templates(req.userId)) : fail("EC721", ERROR_CATALOGUE.EC721);
  });
}
