import { describe, expect, it } from "vitest";
import { feedUrl } from "../../../src/data/config";

/** Issue 20: the broker says where the feed is; a path is on the page's own host, a ws(s) URL an external broker's. */
describe("feedUrl", () => {
  it("puts the embedded /feed on the page's host, wss under https", () => {
    expect(feedUrl("/feed", { protocol: "http:", host: "127.0.0.1:8080" })).toBe("ws://127.0.0.1:8080/feed");
    expect(feedUrl("/feed", { protocol: "https:", host: "tape.example.com" })).toBe("wss://tape.example.com/feed");
  });

  it("takes an external broker's WebSocket URL as it is", () => {
    expect(feedUrl("ws://127.0.0.1:9001", { protocol: "http:", host: "127.0.0.1:8080" })).toBe("ws://127.0.0.1:9001");
    expect(feedUrl("wss://feed.example.com/mqtt", { protocol: "https:", host: "tape.example.com" })).toBe("wss://feed.example.com/mqtt");
  });
});
