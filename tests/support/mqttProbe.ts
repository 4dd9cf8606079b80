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
