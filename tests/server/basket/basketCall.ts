import { expect } from "vitest";

/** The broker's envelope as the basket calls answer it. */
export type BasketEnvelope = { status: string; message: string; result: Array<Record<string, unknown>> };

/** A call of /core/basketorder/<path> on the broker at `url` (answered with HTTP 200 whatever its status, as the spec's calls are). */
export function basketCall(url: () => string) {
  return async (method: "GET" | "POST" | "DELETE", path: string, bearer: string, body?: unknown): Promise<BasketEnvelope> => {
    const res = await fetch(`${url()}/core/basketorder/${path}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return res.json() as Promise<BasketEnvelope>;
  };
}
