import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startBroker, type TestBroker } from "./harness.js";

/**
 * A build made while the broker runs (npm run build under npm start, or a deploy into the same
 * folder): the page asks for the new build's hashed assets, which were not there when the broker
 * registered its static files. They are served from the folder as it is now; an asset that is not
 * there is a 404, never the page again (a browser ran the page as script and showed a blank page).
 */
describe("the app's files after a rebuild under a running broker", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-static-"));
  let b: TestBroker;
  afterAll(async () => {
    await b?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("serves the new build's page and assets, and a 404 for an asset that is not there", async () => {
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "index.html"), '<script src="/assets/index-old.js"></script>');
    fs.writeFileSync(path.join(dir, "assets", "index-old.js"), "window.build = 'old';");
    b = await startBroker({ STATIC_DIR: dir });
    // The rebuild: a new page naming a new asset, the old asset gone.
    fs.writeFileSync(path.join(dir, "index.html"), '<script src="/assets/index-new.js"></script>');
    fs.writeFileSync(path.join(dir, "assets", "index-new.js"), "window.build = 'new';");
    fs.rmSync(path.join(dir, "assets", "index-old.js"));

    const page = await fetch(`${b.url}/dashboard`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("/assets/index-new.js");
    const asset = await fetch(`${b.url}/assets/index-new.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toMatch(/javascript/);
    expect(await asset.text()).toBe("window.build = 'new';");
    // Gone, or never there: a 404, not the page.
    for (const missing of ["/assets/index-old.js", "/assets/nothing.js", "/assets/..%2F..%2Fpackage.json"]) {
      const r = await fetch(`${b.url}${missing}`);
      expect(r.status, missing).toBe(404);
      expect(await r.text(), missing).not.toContain("<script");
    }
    // A malformed escape is the server's own bad request (its envelope), not the page either.
    const bad = await fetch(`${b.url}/assets/%E0%A4%A.js`);
    expect(await bad.json()).toMatchObject({ status: "EC400" });
  });
});
