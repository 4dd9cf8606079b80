import { defineCall } from "./call";
import { Envelope, OneOf, Type } from "./schema";

/** GET /health: the broker is up, and its simulated clock (the app's feed light asks once a second). */
export const health = defineCall({
  method: "GET",
  service: "",
  path: "health",
  tag: "health",
  summary: "The broker is up; its clock",
  answer: Envelope(
    Type.Object({
      up: Type.Boolean(),
      simTime: Type.String({ description: "The broker's clock, ISO instant" }),
      clockMode: OneOf(["real", "fixed", "next-open"], { description: "SIM_TIME=real, a fixed SIM_TIME start, or the next open (the default)" }),
    }),
  ),
});
