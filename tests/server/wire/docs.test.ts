import { afterAll, beforeAll, expect, test } from "vitest";
import { startBroker, type TestBroker } from "../harness.js";

/**
 * Issue 30, "The API documented by itself": the OpenAPI document served at /docs/json is generated
 * from the routes' schemas, and this test diffs it against the routes fastify registered (the
 * onRoute hook of server/http/wire.ts): every route is documented, and every documented operation
 * is a route. HEAD is left out on both sides: fastify adds it to each GET by itself, and the
 * document lists the GET. /docs and its files are the reference itself (tests/server/wire/schemas.test.ts).
 */
const METHODS = ["get", "put", "post", "delete", "patch", "options"] as const;

let b: TestBroker;
beforeAll(async () => {
  b = await startBroker();
});
afterAll(async () => {
  await b.stop();
});

interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Partial<Record<(typeof METHODS)[number], { responses?: Record<string, unknown> }>>>;
}

async function documentOf(url: string): Promise<OpenApiDoc> {
  const res = await fetch(`${url}/docs/json`);
  expect(res.status).toBe(200);
  return (await res.json()) as OpenApiDoc;
}

/** OpenAPI writes a path parameter {name}; fastify :name. */
const fastifyPath = (openApiPath: string) => openApiPath.replace(/\{(\w+)\}/g, ":$1");

test("GET /docs/json is an OpenAPI 3 document whose operations are exactly the broker's routes", async () => {
  const doc = await documentOf(b.url);
  expect(doc.openapi).toMatch(/^3\./);

  const documented = new Set<string>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const m of METHODS) if (ops[m]) documented.add(`${m.toUpperCase()} ${fastifyPath(path)}`);
  }
  const routes = new Set(
    b.broker.schemaRoutes.filter((r) => r.method !== "HEAD" && r.url !== "/docs" && !r.url.startsWith("/docs/")).map((r) => `${r.method} ${r.url}`),
  );

  const undocumented = [...routes].filter((r) => !documented.has(r)).sort();
  const notARoute = [...documented].filter((d) => !routes.has(d)).sort();
  expect({ undocumented, notARoute }).toEqual({ undocumented: [], notARoute: [] });
});

test("each documented operation carries its 200 answer (the schema fastify serialises with)", async () => {
  const doc = await documentOf(b.url);
  const without: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const m of METHODS) {
      const op = ops[m];
      if (op && !op.responses?.["200"]) without.push(`${m.toUpperCase()} ${path}`);
    }
  }
  expect(without).toEqual([]);
});
