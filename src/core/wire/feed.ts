import { defineCall } from "./call";
import { Envelope, Type } from "./schema";

/** GET /core/feed/config: where the live feed is (the embedded /feed, or an external MQTT broker's WebSocket). */
export const feedConfig = defineCall({
  method: "GET",
  service: "core",
  path: "feed/config",
  tag: "feed",
  summary: "Where the live feed is; on an external broker it also readies the session's feed credentials (EC994 when it cannot)",
  answer: Envelope(Type.Object({ url: Type.String({ description: "A path on this origin (/feed) or a ws(s):// URL" }) })),
});
