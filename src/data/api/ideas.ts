import type { IdeaQuery } from "../../core/rules/ideas";
import { ideaDetails } from "../../core/wire/ideas";
import { send } from "./send";

/** POST /v2/client-util/idea/details (access-and-surroundings section 8): result[0].data. */
export function fetchIdeaDetails(query: IdeaQuery) {
  // The page says when the list is empty; the failure itself is logged (section 8), no toast.
  return send(ideaDetails, { body: query }, { failureAction: "router" });
}
