import { feedUrl } from "../config";
import { feedConfig } from "../../core/wire/feed";
import { isOk } from "./http";
import { send } from "./send";

/**
 * Where the live feed is (GET /core/feed/config): the paper broker's embedded /feed, or an external
 * MQTT broker's WebSocket, decided by the broker at run time, so one build serves both. The call
 * also readies the session's credentials on an external broker, so it precedes every connect.
 * On a cluster it names the client's edge and the others to fail over to (issue 36).
 * Undefined when the broker could not say (not reachable, or its answer was an error code).
 */
export async function fetchFeedUrl(location: { protocol: string; host: string }): Promise<{ url: string; fallbacks: string[] } | undefined> {
  try {
    const env = await send(feedConfig, {}, { failureAction: "router" });
    const answer = isOk(env) ? env.result[0] : undefined;
    return answer?.url ? { url: feedUrl(answer.url, location), fallbacks: answer.fallbacks.map((u) => feedUrl(u, location)) } : undefined;
  } catch {
    return undefined;
  }
}
