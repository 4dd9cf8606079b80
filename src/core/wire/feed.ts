import { defineCall } from "./call";
import { Envelope, Type } from "./schema";

/**
 * GET /core/feed/config: where the live feed is (the embedded /feed, or an external MQTT broker's
 * WebSocket). On a cluster (issue 36) `url` is the edge this client code is spread to and
 * `fallbacks` the other edges, in the order the app fails over to them when its own drops.
 */
export const feedConfig = defineCall({
  method: "GET",
  service: "core",
  path: "feed/config",
  tag: "feed",
  summary: "Where the live feed is; on an external broker it also readies the session's feed credentials (EC994 when it cannot)",
  answer: Envelope(
    Type.Object({
      url: Type.String({ description: "A path on this origin (/feed) or a ws(s):// URL: the edge to connect to first" }),
      fallbacks: Type.Array(Type.String({ description: "A ws(s):// URL" }), { description: "The other edges of a cluster, in the order to fail over to them; empty for one broker" }),
    }),
  ),
});
