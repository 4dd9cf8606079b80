import type { Idea, IdeaQuery } from "../../core/rules/ideas";
import { call, type Envelope } from "./http";
import { coreApi } from "./services";

/** POST /v2/client-util/idea/details (access-and-surroundings section 8): result[0].data. */
export function fetchIdeaDetails(query: IdeaQuery): Promise<Envelope<{ data: Idea[] }>> {
  // The page says when the list is empty; the failure itself is logged (section 8), no toast.
  return call<{ data: Idea[] }>(coreApi, "v2/client-util/idea/details", { method: "post", json: query, failureAction: "router" });
}
