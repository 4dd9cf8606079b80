import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startBroker, type TestBroker } from "../harness.js";

/**
 * Issue 30, "One schema per call": every route of the paper broker declares its request and answer
 * as a schema (src/core/wire), registered from its call (server/http/wire.ts `route`). The routes
 * are the ones fastify itself reported as they were registered (the onRoute hook of registerWire),
 * so a route added with a bare app.get/app.post is in the list and fails here.
 *
 * Exempt by name: /docs and its files. They are @fastify/swagger-ui's reference page, its static
 * assets and the generated OpenAPI document itself: pages about the calls, not calls of the broker.
 * (The built app's files, served with STATIC_DIR, are not registered here: the harness sets none.)
 */
const isDocs = (url: string) => url === "/docs" || url.startsWith("/docs/");

let b: TestBroker;
beforeAll(async () => {
  b = await startBroker();
});
afterAll(async () => {
  await b.stop();
});

describe("every route has a schema", () => {
  test("the broker registers routes at all (the walk is not empty)", () => {
    // Hand count of src/core/wire's calls is well above this; the bound only guards against an empty walk.
    expect(b.broker.schemaRoutes.filter((r) => !isDocs(r.url)).length).toBeGreaterThan(50);
  });

  test("each route but /docs was registered from its call, with a request schema for each part the call takes and a 200 answer schema", () => {
    const missing: string[] = [];
    for (const r of b.broker.schemaRoutes) {
      if (isDocs(r.url)) continue;
      const name = `${r.method} ${r.url}`;
      if (!r.call) {
        missing.push(`${name}: not registered from a call of src/core/wire`);
        continue;
      }
      const schema = r.schema ?? {};
      const response = schema.response as Record<string, unknown> | undefined;
      if (!response?.["200"]) missing.push(`${name}: no 200 answer schema`);
      if (r.call.body && !schema.body) missing.push(`${name}: the call takes a body, the route has no body schema`);
      if (r.call.querystring && !schema.querystring) missing.push(`${name}: no querystring schema`);
      if (r.call.params && !schema.params) missing.push(`${name}: no params schema`);
      // A path parameter the schema does not declare is not validated: every :name needs a params schema.
      if (r.url.includes("/:") && !schema.params) missing.push(`${name}: a path parameter without a params schema`);
    }
    expect(missing).toEqual([]);
  });

  test("the routes exempted as /docs are all hidden from the document (none of them is a call in disguise)", () => {
    const docs = b.broker.schemaRoutes.filter((r) => isDocs(r.url));
    expect(docs.length).toBeGreaterThan(0);
    for (const r of docs) expect({ route: `${r.method} ${r.url}`, call: r.call, isFile: r.isFile }).toEqual({ route: `${r.method} ${r.url}`, call: undefined, isFile: true });
  });
});
