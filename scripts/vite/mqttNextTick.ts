import type { Plugin } from "vite";

/**
 * mqtt.js's browser bundle (dist/mqtt.esm.js) carries its own `process.nextTick`, which runs the
 * queued callbacks from `setTimeout(drain, 0)`. Chromium holds a hidden or occluded window's timers
 * to one wake-up a second, and mqtt.js reads and writes every packet through nextTick (mqtt-packet
 * corks the socket and uncorks it on the next tick). So a feed-owning window that is not in front
 * (issue 32: any window may own the one socket) handled its packets a second late: a connect,
 * CONNACK, SUBSCRIBE, SUBACK chain cost seconds, and every frame it passed on was up to 1 s old.
 * Known upstream: mqttjs/MQTT.js#2053, fix proposed in #2056, not released in 5.16.0.
 *
 * This plugin drains that queue from a microtask instead, as Node's own nextTick does (before
 * the next task). It rewrites the one call that schedules the drain, in each copy of the shim the
 * bundle holds, and fails the build if it finds none: an mqtt upgrade that changes the bundle
 * must not silently bring the throttled shim back (check whether it carries the fix, then drop this).
 */
export const MQTT_BUNDLE = /[\\/]node_modules[\\/]mqtt[\\/]dist[\\/]mqtt\.esm\.js$/;

/** `queue.length===1&&!draining&&setTimeout(drain,0)`, as minified in the shim's nextTick. */
const SCHEDULE_DRAIN = /(\b[\w$]+)\.length===1&&!([\w$]+)&&setTimeout\(([\w$]+),0\)/g;

/** The bundle with the drain scheduled by queueMicrotask, and how many schedules were rewritten. */
export function microtaskNextTick(code: string): { code: string; rewritten: number } {
  let rewritten = 0;
  const out = code.replace(SCHEDULE_DRAIN, (_m, queue: string, draining: string, drain: string) => {
    rewritten++;
    return `${queue}.length===1&&!${draining}&&queueMicrotask(${drain})`;
  });
  return { code: out, rewritten };
}

export function mqttNextTick(): Plugin {
  return {
    name: "tape:mqtt-microtask-next-tick",
    enforce: "pre",
    transform(code, id) {
      if (!MQTT_BUNDLE.test(id.split("?")[0]!)) return undefined;
      const r = microtaskNextTick(code);
      if (r.rewritten === 0) this.error("mqtt's bundled process.nextTick (setTimeout(drain, 0)) was not found: see scripts/vite/mqttNextTick.ts");
      return { code: r.code, map: null };
    },
  };
}
