import mqtt, { type MqttClient } from "mqtt";

/**
 * What a Mosquitto (one, or an edge of the cluster) answers a client: the probes the ACL tests of
 * tests/server/feed share. 20 s to connect: a loaded CI machine is slow to answer, a refusal is not.
 */

/** The CONNACK refusal code of a connect attempt (5: not authorised), or "connected". */
export async function refusal(url: string, username?: string, password?: string): Promise<number | string> {
  try {
    const c = await mqtt.connectAsync(url, { username, password, reconnectPeriod: 0, connectTimeout: 20_000, protocolVersion: 4 });
    await c.endAsync(true);
    return "connected";
  } catch (err) {
    return (err as { code?: number }).code ?? (err as Error).message;
  }
}

/** Whether the broker granted the subscription (mqtt.js rejects on a SUBACK of 128). */
export async function subscribed(c: MqttClient, topic: string): Promise<boolean> {
  try {
    const [g] = await c.subscribeAsync(topic);
    return g !== undefined && g.qos < 128;
  } catch {
    return false;
  }
}

/**
 * The payload of the next message on a topic: waited for as an event, not polled against a clock
 * (a loaded machine takes what it takes; the test's own timeout is the only limit).
 */
export function nextMessage(c: MqttClient, topic: string): Promise<string> {
  return new Promise((resolve) => {
    const on = (t: string, p: Buffer) => {
      if (t !== topic) return;
      c.off("message", on);
      resolve(p.toString());
    };
    c.on("message", on);
  });
}

/** Resolves when the client's connection closes (at once if it is closed already). */
export function closed(c: MqttClient): Promise<void> {
  return new Promise((resolve) => (c.connected ? c.once("close", () => resolve()) : resolve()));
}
