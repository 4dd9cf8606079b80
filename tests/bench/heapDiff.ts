import fs from "node:fs";

/**
 * What a V8 heap snapshot (.heapsnapshot, as CDP HeapProfiler.takeHeapSnapshot writes it) holds
 * per constructor: object count and self size. Two of them, taken at two points of the memory
 * soak, say which kinds of object grew: where a leak is.
 */
export type HeapCensus = Map<string, { count: number; size: number }>;

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export function censusOf(file: string): HeapCensus {
  const s = JSON.parse(fs.readFileSync(file, "utf8")) as Snapshot;
  const fields = s.snapshot.meta.node_fields;
  const types = s.snapshot.meta.node_types[0];
  const width = fields.length;
  const TYPE = fields.indexOf("type");
  const NAME = fields.indexOf("name");
  const SIZE = fields.indexOf("self_size");
  const census: HeapCensus = new Map();
  for (let i = 0; i < s.nodes.length; i += width) {
    const type = types[s.nodes[i + TYPE]!]!;
    // Objects by constructor; strings, arrays, closures and the engine's own kinds by their type.
    const name = type === "object" || type === "native" ? s.strings[s.nodes[i + NAME]!]! : type === "closure" ? `closure ${s.strings[s.nodes[i + NAME]!]}` : `(${type})`;
    const c = census.get(name) ?? { count: 0, size: 0 };
    c.count++;
    c.size += s.nodes[i + SIZE]!;
    census.set(name, c);
  }
  return census;
}

/** The kinds whose self size grew most from `before` to `after`, largest first. */
export function grown(before: HeapCensus, after: HeapCensus, top = 15): Array<{ name: string; count: number; size: number }> {
  const rows: Array<{ name: string; count: number; size: number }> = [];
  for (const [name, a] of after) {
    const b = before.get(name) ?? { count: 0, size: 0 };
    rows.push({ name, count: a.count - b.count, size: a.size - b.size });
  }
  return rows.sort((x, y) => y.size - x.size).slice(0, top);
}
