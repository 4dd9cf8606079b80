import type { TSchema } from "typebox";
import { Value } from "typebox/value";
import { ERROR_CATALOGUE } from "../errors";
import { AUTH_CODES } from "../errors/auth";
import { TRANSPORT_CODES } from "../errors/transport";
import { REFUSAL, type Refusal } from "./schema";

/**
 * From a request its schema refused to the one refusal the call answers: the EC code and message
 * the call has always given for that fault. Pure, so that the broker and the unit tests read a
 * refusal the same way; it runs only on a request already refused, never on the way of a good one.
 *
 * Which fault is named when several are present: the first in the schema's own order. The walk
 * goes down from the whole request: a rule on a whole array (at most 50 orders) before its items,
 * an object's properties in the order the schema lists them (so a schema lists an order's fields in
 * the order the broker checks them: exchange, then the instrument, the side, ...), and a union's
 * branch the value's type chose (an object body goes down the object branch, not the array one).
 * The code is the nearest annotation (x-refusal) above the faulty part, or the call's fallback.
 */
export interface WireRefusal {
  code: string;
  message: string;
  /** The faulty part, as a reader would name it ("quantity", "scrips[0].token"); "" for the whole request. */
  field: string;
}

/** The catalogues' text of a code (orders, login, transport), "" for a code none of them has. */
export function catalogueText(code: string): string {
  return (ERROR_CATALOGUE as Record<string, string>)[code] ?? (AUTH_CODES as Record<string, string>)[code] ?? (TRANSPORT_CODES as Record<string, string>)[code] ?? "";
}

type Node = TSchema & Record<string, unknown>;

interface Fault {
  /** The schema nodes from the root down to the faulty part. */
  nodes: Node[];
  /** Where the faulty part is in the request. */
  path: string[];
  keyword: string;
  message: string;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether a value is of a schema's JSON type at all (a union's branch is chosen by this). */
function typeMatches(schema: Node, value: unknown): boolean {
  const types = [schema.type].flat();
  if (types[0] === undefined) return true;
  return types.some((t) =>
    t === "object" ? isPlainObject(value) : t === "array" ? Array.isArray(value) : t === "integer" ? typeof value === "number" : t === "null" ? value === null : typeof value === t,
  );
}

/** The first rule a value breaks at this node itself (not inside it), in words a reader of the message needs. */
function ownFault(schema: Node, value: unknown): { keyword: string; message: string } {
  const e = Value.Errors(schema, value).find((x) => x.instancePath === "") ?? Value.Errors(schema, value)[0];
  if (!e) return { keyword: "type", message: "is not valid" };
  const values = schema.enum as unknown[] | undefined;
  if (values) return { keyword: e.keyword, message: `must be one of ${values.join(", ")}` };
  if (schema.const !== undefined) return { keyword: e.keyword, message: `must be ${JSON.stringify(schema.const)}` };
  // A pattern or a union's alternatives say nothing a caller can act on in their own words.
  if (e.keyword === "pattern" || e.keyword === "anyOf" || e.keyword === "oneOf") return { keyword: e.keyword, message: "is not valid" };
  return { keyword: e.keyword, message: e.message };
}

function faultOf(schema: Node, value: unknown, nodes: Node[], path: string[]): Fault {
  const here = [...nodes, schema];
  const union = (schema.anyOf ?? schema.oneOf) as Node[] | undefined;
  if (union) {
    const chosen = union.filter((b) => typeMatches(b, value));
    if (chosen.length === 1) return faultOf(chosen[0]!, value, here, path);
    return { nodes: here, path, ...ownFault(schema, value) };
  }
  if (schema.type === "object" && isPlainObject(value)) {
    const props = (schema.properties ?? {}) as Record<string, Node>;
    const required = new Set((schema.required ?? []) as string[]);
    for (const [name, prop] of Object.entries(props)) {
      const v = value[name];
      if (v === undefined) {
        if (required.has(name)) return { nodes: [...here, prop], path: [...path, name], keyword: "required", message: "is required" };
      } else if (!Value.Check(prop, v)) return faultOf(prop, v, here, [...path, name]);
    }
    return { nodes: here, path, ...ownFault(schema, value) };
  }
  if (schema.type === "array" && Array.isArray(value)) {
    const own = ownFault({ ...schema, items: {} } as Node, value);
    if (!Value.Check({ ...schema, items: {} } as Node, value)) return { nodes: here, path, ...own };
    const items = schema.items as Node | undefined;
    if (items) for (const [i, item] of value.entries()) if (!Value.Check(items, item)) return faultOf(items, item, here, [...path, String(i)]);
  }
  return { nodes: here, path, ...ownFault(schema, value) };
}

const labelOf = (path: readonly string[]): string => path.reduce((label, s) => (/^\d+$/.test(s) ? `${label}[${s}]` : label === "" ? s : `${label}.${s}`), "");

/**
 * The refusal for `value`, which its schema refuses: the code of the nearest annotation above the
 * faulty part (`fallback` where none is), and the annotation's message, or "<catalogue text>:
 * <field> <what is wrong>".
 */
export function refusalOf(schema: TSchema, value: unknown, fallback: Refusal): WireRefusal {
  const fault = faultOf(schema as Node, value, [], []);
  let refusal: Refusal = fallback;
  for (let i = fault.nodes.length - 1; i >= 0; i--) {
    const r = fault.nodes[i]![REFUSAL] as Refusal | undefined;
    if (r) {
      refusal = r;
      break;
    }
  }
  const special = refusal.byKeyword?.[fault.keyword];
  const own = special === undefined ? refusal : typeof special === "string" ? { code: special } : special;
  const code = own.code;
  const field = labelOf(fault.path);
  if (own.message !== undefined) return { code, message: own.message, field };
  const v = fault.path.reduce<unknown>((at, s) => (typeof at === "object" && at !== null ? (at as Record<string, unknown>)[s] : undefined), value);
  const blank = v === undefined || v === null || (typeof v === "string" && v.trim() === "");
  const detail =
    field === "" && (fault.keyword === "type" || fault.keyword === "anyOf") && !isPlainObject(value) && !Array.isArray(value)
      ? "the request must be a JSON object"
      : blank && field !== ""
        ? `${field} is required`
        : `${field || "the request"} ${fault.message}`;
  const text = catalogueText(code);
  return { code, message: text ? `${text}: ${detail}` : detail, field };
}
