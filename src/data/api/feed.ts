import { feedUrl } from "../config";
import { feedConfig } from "../../core/wire/feed";
import { isOk } from "./http";
import { send } from "./send";

/**
 * Where the live feed is (GET /core/feed/config): the paper broker's embedded /feed, or an external
 * MQTT broker's WebSocket, decided by the broker at run time, so one build serves both. The call
 * also readies the session's credentials on an external broker, so it precedes every connect.
 * Undefined when the broker could not say (not reachable, or its answer was an error code).
 */
export async function fetchFeedUrl(location: { protocol: string; host: string }): Promise<string | undefined> {
  try {
    const env = await send(feedConfig, {}, { failureAction: "router" });
    const url = isOk(env) ? env.result[0]?.url : undefined;
    return url ? feedUrl(url, location) : undefined;
  } catch {
    return undefined;
  }
}
