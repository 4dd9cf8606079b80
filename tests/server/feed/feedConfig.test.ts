import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "../../../server/config.js";
import { contentSecurityPolicy } from "../../../server/http/headers.js";

/** Issue 20: where the app's feed is comes from the environment at run time, and the CSP allows that origin only. */
describe("the feed's public address", () => {
  it("is the embedded /feed without MQTT_URL, and with it FEED_PUBLIC_URL or ws://127.0.0.1:$MQTT_WS_PORT (default 9001)", () => {
    expect(readConfig({}).feedPublicUrl).toBeUndefined();
    expect(readConfig({ MQTT_URL: "mqtt://127.0.0.1:1883" }).feedPublicUrl).toBe("ws://127.0.0.1:9001");
    expect(readConfig({ MQTT_URL: "mqtt://127.0.0.1:1883", MQTT_WS_PORT: "19001" }).feedPublicUrl).toBe("ws://127.0.0.1:19001");
    expect(readConfig({ MQTT_URL: "mqtt://x", FEED_PUBLIC_URL: "wss://feed.example.com/mqtt" }).feedPublicUrl).toBe("wss://feed.example.com/mqtt");
    expect(() => readConfig({ MQTT_URL: "mqtt://x", FEED_PUBLIC_URL: "feed.example.com" })).toThrow(ConfigError);
  });

  it("takes the admin credentials only with a password, and the admin user tape-admin by default", () => {
    expect(readConfig({ MQTT_URL: "mqtt://x" }).mqttAdmin).toBeUndefined();
    expect(readConfig({ MQTT_URL: "mqtt://x", MQTT_ADMIN_PASSWORD: "s3cret" }).mqttAdmin).toEqual({ username: "tape-admin", password: "s3cret" });
  });

  it("adds the external feed's origin to connect-src, and nothing else", () => {
    const connectSrc = (csp: string) => csp.split("; ").find((d) => d.startsWith("connect-src"));
    expect(connectSrc(contentSecurityPolicy("127.0.0.1:8080"))).toBe("connect-src 'self' ws://127.0.0.1:8080 wss://127.0.0.1:8080");
    expect(connectSrc(contentSecurityPolicy("127.0.0.1:8080", "wss://feed.example.com/mqtt"))).toBe(
      "connect-src 'self' ws://127.0.0.1:8080 wss://127.0.0.1:8080 wss://feed.example.com",
    );
  });
});
