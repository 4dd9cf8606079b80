import { ERROR_CATALOGUE } from "../../../src/core/errors.js";
import { AUTH_CODES } from "../../../src/core/errors/auth.js";
import { TRANSPORT_CODES } from "../../../src/core/errors/transport.js";
import { ECMW } from "../../../src/core/watchlist/ecmw.js";
import type { RawAnswer } from "./rawHttp.js";

const CATALOGUED = new Set<string>(["Ok", ...Object.keys(ERROR_CATALOGUE), ...Object.keys(AUTH_CODES), ...Object.keys(TRANSPORT_CODES), ...Object.values(ECMW).map((e) => e.code)]);

/**
 * What is wrong with an answer, or "" when it is the envelope { status, message, result[] }
 * of DESIGN.md section 5 with a status from the catalogues of src/core (or an encrypted
 * auth answer, whose envelope is inside cRespEncData).
 */
export function envelopeProblem(res: RawAnswer): string {
  if (res.status >= 500) return `HTTP ${res.status}`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `HTTP ${res.status}, not JSON: ${res.body.slice(0, 80)}`;
  }
  const e = body as { status?: unknown; message?: unknown; result?: unknown; cRespEncData?: unknown };
  if (typeof e.cRespEncData === "string") return "";
  if (typeof e.status !== "string" || typeof e.message !== "string" || !Array.isArray(e.result)) return `not the envelope: ${res.body.slice(0, 120)}`;
  if (!CATALOGUED.has(e.status)) return `status ${e.status} is in no catalogue`;
  return "";
}

export function codeOf(res: RawAnswer): string {
  return (JSON.parse(res.body) as { status: string }).status;
}
