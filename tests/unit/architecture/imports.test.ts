import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The shape DESIGN.md section 1 promises, checked on the source text: layers
 * app -> panes -> commands -> feed -> data -> core (a file imports its own layer or lower ones),
 * the paper broker imports only server/ and src/core, core imports no browser, Node or state
 * library, and no runtime import cycle exists anywhere under src/ and server/ (`import type`
 * and `export type` are erased at build time and do not count for cycles).
 *
 * Types flow one way too. A type-only import (`import type`, `import { type A }`, an inline
 * `import("...").T`) is held to the layers as a runtime one is. A module augmentation
 * (`declare module "../../data/stores/ui" { interface Dialogs { ... } }`) is an import turned
 * round: every importer of the augmented file sees the augmenting file's types, so a pane that
 * augmented a store let src/commands compile against dialog ids declared in src/panes. It counts
 * as an edge from the augmented file to the augmenting one.
 */

const ROOT = resolve(__dirname, "../../..");
const LAYERS = ["core", "data", "feed", "commands", "panes", "app"] as const;
/** Packages src/core may use: pure code that runs on any JavaScript host. */
// typebox: the wire schemas both sides share are plain data plus their checker, no DOM and no Node (issue 30).
const CORE_PACKAGES = new Set(["node-forge", "papaparse", "typebox", "typebox/value"]);

interface Edge {
  from: string;
  /** Repository-relative path for a relative import, the bare specifier otherwise. */
  to: string;
  relative: boolean;
  typeOnly: boolean;
  /** `declare module "to"` in `from`: the edge's direction is from the augmented file to `from`. */
  augments?: boolean;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

/** The file a relative import names, among the known files (extension, ".js" for ".ts", or index). */
function resolveRelative(from: string, spec: string, known: ReadonlySet<string>): string {
  const base = join(dirname(from), spec).replace(/\.js$/, "");
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  return candidates.find((c) => known.has(c)) ?? base;
}

/** Every import and re-export of a file; `import { type A, type B }` counts as type-only. */
function importsOf(file: string, text: string, known: ReadonlySet<string>): Edge[] {
  const edges: Edge[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']|(?:^|\n)\s*import\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
  for (const m of text.matchAll(statement)) {
    const spec = m[4] ?? m[5] ?? m[6];
    if (!spec) continue;
    const clause = m[3] ?? "";
    const named = /^\{([^}]*)\}$/.exec(clause.trim());
    const allTypes = named !== null && named[1]!.split(",").map((s) => s.trim()).filter(Boolean).every((s) => s.startsWith("type "));
    const typeOnly = m[2] !== undefined || allTypes;
    const isRelative = spec.startsWith(".");
    edges.push({ from: file, to: isRelative ? resolveRelative(file, spec, known) : spec, relative: isRelative, typeOnly });
  }
  for (const m of text.matchAll(/(?:^|\n)\s*declare\s+module\s+["']([^"']+)["']/g)) {
    const spec = m[1]!;
    const isRelative = spec.startsWith(".");
    edges.push({ from: file, to: isRelative ? resolveRelative(file, spec, known) : spec, relative: isRelative, typeOnly: true, augments: true });
  }
  return edges;
}

function layerOf(path: string): number | undefined {
  const m = /^src\/([^/]+)\//.exec(path);
  if (!m) return undefined;
  const i = (LAYERS as readonly string[]).indexOf(m[1]!);
  return i < 0 ? undefined : i;
}

/** Strongly connected components with more than one file (or a file importing itself). */
function cycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) if (e.relative && !e.typeOnly) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (next.get(v) ?? []).includes(v)) found.push(scc.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

function violations(files: readonly string[], read: (file: string) => string): { imports: string[]; cycles: string[] } {
  const known = new Set(files);
  const edges = files.flatMap((f) => importsOf(f, read(f), known));
  const bad: string[] = [];
  for (const e of edges) {
    const fromLayer = layerOf(e.from);
    if (e.from.startsWith("server/")) {
      if (e.relative && !e.to.startsWith("server/") && !e.to.startsWith("src/core/")) bad.push(`${e.from} -> ${e.to}: the paper broker imports only server/ and src/core`);
      continue;
    }
    if (fromLayer === undefined) continue;
    if (e.augments) {
      // A package's types (fastify's request, say) may be augmented; a file of a lower layer may not
      // take types from a higher one.
      const toLayer = e.relative ? layerOf(e.to) : undefined;
      if (toLayer !== undefined && toLayer < fromLayer) bad.push(`${e.from} augments ${e.to}: ${LAYERS[toLayer]} would take types from ${LAYERS[fromLayer]} (app -> panes -> commands -> feed -> data -> core)`);
      continue;
    }
    if (e.relative) {
      if (e.to.startsWith("server/")) bad.push(`${e.from} -> ${e.to}: the app never imports the paper broker`);
      const toLayer = layerOf(e.to);
      if (toLayer !== undefined && toLayer > fromLayer) bad.push(`${e.from} -> ${e.to}: ${LAYERS[fromLayer]} may not import ${LAYERS[toLayer]} (app -> panes -> commands -> feed -> data -> core)`);
    } else if (LAYERS[fromLayer] === "core") {
      const pkg = e.to.startsWith("@") ? e.to.split("/").slice(0, 2).join("/") : e.to.split("/")[0]!;
      if (!CORE_PACKAGES.has(pkg)) bad.push(`${e.from} -> ${e.to}: src/core is pure; it imports only ${[...CORE_PACKAGES].join(", ")}`);
    }
  }
  return { imports: bad, cycles: cycles(edges).map((c) => c.join(" <-> ")) };
}

describe("the shape of the code (DESIGN.md section 1)", () => {
  const files = [...sourceFiles("src"), ...sourceFiles("server")].map((f) => relative(ROOT, join(ROOT, f)));
  const found = violations(files, (f) => readFileSync(join(ROOT, f), "utf8"));

  it("every import follows the layers; the broker imports only server/ and src/core; core stays pure", () => {
    expect(found.imports, `forbidden imports:\n${found.imports.join("\n")}`).toEqual([]);
  });

  it("no runtime import cycle among the files of src/ and server/", () => {
    expect(found.cycles, `import cycles (each line is one cycle's files):\n${found.cycles.join("\n")}`).toEqual([]);
  });

  it("the checker itself sees a layer breach (runtime, type-only, inline type, augmentation), a broker import of the app, an impure core and a cycle", () => {
    const fake: Record<string, string> = {
      "src/core/a.ts": 'import { x } from "../feed/b";\nimport ky from "ky";\nimport forge from "node-forge";',
      "src/feed/b.ts": 'import { y } from "../core/a";\nimport type { Z } from "../panes/c";',
      "src/data/e.ts": 'export interface Dialogs {}\nexport type T = import("../commands/f").F;\nimport {\n  type G,\n  type H,\n} from "../app/g";',
      "src/panes/h.tsx": 'import { q } from "../data/e";\ndeclare module "../data/e" {\n  interface Dialogs { h: object }\n}\ndeclare module "react" {}',
      "src/commands/f.ts": 'declare module "../panes/h" {}',
      "server/s.ts": 'import { q } from "../src/commands/d.js";\nimport { r } from "../src/core/a.js";',
    };
    const v = violations(Object.keys(fake), (f) => fake[f]!);
    expect(v.imports).toEqual([
      "src/core/a.ts -> src/feed/b.ts: core may not import feed (app -> panes -> commands -> feed -> data -> core)",
      "src/core/a.ts -> ky: src/core is pure; it imports only node-forge, papaparse, typebox, typebox/value",
      "src/feed/b.ts -> src/panes/c: feed may not import panes (app -> panes -> commands -> feed -> data -> core)",
      "src/data/e.ts -> src/commands/f.ts: data may not import commands (app -> panes -> commands -> feed -> data -> core)",
      "src/data/e.ts -> src/app/g: data may not import app (app -> panes -> commands -> feed -> data -> core)",
      "src/panes/h.tsx augments src/data/e.ts: data would take types from panes (app -> panes -> commands -> feed -> data -> core)",
      "server/s.ts -> src/commands/d: the paper broker imports only server/ and src/core",
    ]);
    expect(v.cycles).toEqual(["src/core/a.ts <-> src/feed/b.ts"]);
  });
});
