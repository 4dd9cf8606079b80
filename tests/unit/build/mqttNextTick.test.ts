import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { microtaskNextTick, MQTT_BUNDLE } from "../../../scripts/vite/mqttNextTick";

/**
 * scripts/vite/mqttNextTick.ts: the browser bundle of mqtt.js schedules its process.nextTick drain
 * with setTimeout(drain, 0), held to 1 Hz in a window that is not in front (mqttjs/MQTT.js#2053).
 * The installed bundle holds two copies of the shim (two bundled `process` modules), each
 * with one such schedule in its nextTick: both must be rewritten, and none left.
 */
const bundle = path.join(path.dirname(createRequire(import.meta.url).resolve("mqtt/package.json")), "dist", "mqtt.esm.js");
const scheduled = /\.length===1&&![\w$]+&&setTimeout\(/g;

describe("mqtt.js's nextTick drained from a microtask", () => {
  it("the installed bundle's two nextTick schedules become queueMicrotask, and no setTimeout schedule is left", () => {
    expect(MQTT_BUNDLE.test(bundle)).toBe(true);
    const code = fs.readFileSync(bundle, "utf8");
    expect(code.match(scheduled)?.length).toBe(2);
    const r = microtaskNextTick(code);
    expect(r.rewritten).toBe(2);
    expect(r.code.match(scheduled)).toBeNull();
    expect(r.code.length - code.length).toBe(2 * ("queueMicrotask(".length - "setTimeout(".length - ",0".length));
  });

  it("the shim, rewritten, runs a nextTick callback before the next task, not on a timer", async () => {
    // The shim's own shape (jspm-core's process/browser), as minified in the bundle.
    const shim = `var At=[],Br=!1,di=-1;function il(){if(!Br){Br=!0;for(var e=At.length;e;){var l=At;At=[];for(var i=0;i<e;i++)l[i]();e=At.length}Br=!1}}function ol(t){At.push(t),At.length===1&&!Br&&setTimeout(il,0)}return ol;`;
    const r = microtaskNextTick(shim);
    expect(r.rewritten).toBe(1);
    const nextTick = new Function(r.code)() as (f: () => void) => void;
    const order: string[] = [];
    setTimeout(() => order.push("timer"), 0);
    nextTick(() => order.push("tick"));
    await Promise.resolve();
    expect(order).toEqual(["tick"]); // ran in the microtask checkpoint, before any timer
    await new Promise((res) => setTimeout(res, 0));
    expect(order).toEqual(["tick", "timer"]);
  });
});
