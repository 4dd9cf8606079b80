import type { TSchema } from "typebox";
import { ERROR_CATALOGUE } from "../errors";
import { AUTH_CODES } from "../errors/auth";
import { TRANSPORT_CODES } from "../errors/transport";
import { REFUSAL, type Refusal } from "./schema";

/**
 * From a schema's validation errors to the one refusal a call answers: the EC code and message
 * the call has always given for that fault. Pure, so that the broker (with TypeBox's compiled
 * checker) and the unit tests (with Value.Errors) read errors the same way.
 *
 * Which fault wins when several are present: the first in the schema's own property order, so a
 * schema lists its fields in the order the call checks them (for an order: exchange, then the
 * instrument, the side, ...), and a whole-array rule (at most 10 orders) comes before its items.
 */
export interface WireError {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: object;
  message: string;
}

export interface WireRefusal {
  code: string;
  message: string;
  /** The failing part, as a reader would name it ("quantity", "scrips[0].token"); "" for the whole request. */
  field: string;
}

/** The catalogues' text of a code (orders, login, transport), "" for a code none of them has. */
export function catalogueText(code: string): string {
  return (ERROR_CATALOGUE as Record<string, string>)[code] ?? (AUTH_CODES as Record<string, string>)[code] ?? (TRANSPORT_CODES as Record<string, string>)[code] ?? "";
}

type Node = Record<string, unknown>;

const segmentsOf = (pointer: string): string[] =>
  pointer
    .replace(/^#/, "")
    .split("/")
    .filter((s) => s !== "")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));

/** The schema nodes along a path, root first, and the path's order key (each step's index among its siblings). */
function walk(schema: TSchema, segments: readonly string[]): { nodes: Node[]; key: number[] } {
  const nodes: Node[] = [schema as Node];
  const key: number[] = [];
  let node = schema as Node;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    let next: unknown;
    if ((s === "properties" || s === "patternProperties") && i + 1 < segments.length) {
      const props = (node[s] ?? {}) as Node;
      const name = segments[++i]!;
      key.push(Object.keys(props).indexOf(name));
      next = props[name];
    } else if ((s === "anyOf" || s === "oneOf" || s === "allOf") && i + 1 < segments.length) {
      const index = Number(segments[++i]);
      key.push(index);
      next = (node[s] as unknown[] | undefined)?.[index];
    } else {
      key.push(0);
      next = node[s];
    }
    if (typeof next !== "object" || next === null) break;
    node = next as Node;
    nodes.push(node);
  }
  return { nodes, key };
}

const before = (a: readonly number[], b: readonly number[]): number => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
};

/** The instance at a JSON pointer into the value (undefined when it is not there). */
function valueAt(value: unknown, pointer: string): unknown {
  let v = value;
  for (const s of segmentsOf(pointer)) {
    if (typeof v !== "object" || v === null) return undefined;
    v = (v as Record<string, unknown>)[s];
  }
  return v;
}

const labelOf = (pointer: string): string =>
  segmentsOf(pointer).reduce((label, s) => (/^\d+$/.test(s) ? `${label}[${s}]` : label === "" ? s : `${label}.${s}`), "");

interface Located {
  error: WireError;
  /** The failing part's schema path (for a missing property, the property's own schema). */
  segments: string[];
  instancePath: string;
  key: number[];
  order: number;
}

/**
 * Keeps, of a union's errors, the branch the value's type chose (an object body goes down the
 * object branch, not the array one), so the fault named is inside it; a value no branch takes by
 * type is refused at the union itself.
 */
function throughUnions(errors: readonly WireError[]): WireError[] {
  const unions = errors.filter((e) => e.keyword === "anyOf" || e.keyword === "oneOf");
  let kept = [...errors];
  for (const u of unions) {
    const base = u.schemaPath.replace(/\/$/, "");
    const inside = kept.filter((e) => e.schemaPath.startsWith(`${base}/${u.keyword}/`));
    const branchOf = (e: WireError) => Number(segmentsOf(e.schemaPath.slice(base.length + u.keyword.length + 2))[0]);
    const branches = new Set(inside.map(branchOf));
    // A branch whose value is not even of its type: an error of keyword "type" at the branch's root, on the union's instance.
    const wrongType = new Set(inside.filter((e) => e.keyword === "type" && e.instancePath === u.instancePath && segmentsOf(e.schemaPath).length === segmentsOf(base).length + 2).map(branchOf));
    const chosen = [...branches].filter((b) => !wrongType.has(b));
    if (chosen.length === 1) kept = kept.filter((e) => e !== u && (!inside.includes(e) || branchOf(e) === chosen[0]));
    else kept = kept.filter((e) => !inside.includes(e));
  }
  return kept;
}

/**
 * The refusal for `value`, which failed `schema` with `errors`: the code of the nearest
 * annotation (x-refusal) above the failing part, `fallback` where none is, and the annotation's
 * message or "<catalogue text>: <field> <what is wrong>".
 */
export function refusalOf(schema: TSchema, value: unknown, errors: readonly WireError[], fallback: Refusal): WireRefusal {
  const located: Located[] = throughUnions(errors).map((error, order) => {
    let segments = segmentsOf(error.schemaPath);
    let instancePath = error.instancePath;
    if (error.keyword === "required") {
      const missing = ((error.params as { requiredProperties?: string[] }).requiredProperties ?? [])[0] ?? "";
      segments = [...segments, "properties", missing];
      instancePath = `${instancePath}/${missing}`;
    }
    return { error, segments, instancePath, key: walk(schema, segments).key, order };
  });
  located.sort((a, b) => before(a.key, b.key) || a.order - b.order);
  const first = located[0];
  if (!first) return { code: fallback.code, message: fallback.message ?? catalogueText(fallback.code), field: "" };

  const { nodes } = walk(schema, first.segments);
  let refusal: Refusal = fallback;
  for (let i = nodes.length - 1; i >= 0; i--) {
    const r = nodes[i]![REFUSAL] as Refusal | undefined;
    if (r) {
      refusal = r;
      break;
    }
  }
  const code = refusal.byKeyword?.[first.error.keyword] ?? refusal.code;
  const field = labelOf(first.instancePath);
  if (refusal.message !== undefined && refusal.byKeyword?.[first.error.keyword] === undefined) return { code, message: refusal.message, field };
  const v = valueAt(value, first.instancePath);
  const blank = v === undefined || v === null || (typeof v === "string" && v.trim() === "");
  const detail =
    field === "" && first.error.keyword === "type"
      ? "the request must be a JSON object"
      : blank && first.instancePath !== ""
        ? `${field} is required`
        : `${field || "the request"} ${first.error.message}`;
  const text = catalogueText(code);
  return { code, message: text ? `${text}: ${detail}` : detail, field };
}
