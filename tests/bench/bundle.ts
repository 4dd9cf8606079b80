import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fmt, report } from "./util";

/**
 * Initial JavaScript of the login page: every script and module preload that dist/index.html
 * names, gzipped at level 9 as a server would send it. Reads the last `npm run build`; says so
 * when there is none rather than building (a build takes a core for a minute).
 */
export async function run(): Promise<void> {
  const dist = path.resolve("dist");
  const html = path.join(dist, "index.html");
  if (!fs.existsSync(html)) {
    console.log("no dist/index.html: run `npm run build` first");
    return;
  }
  const text = fs.readFileSync(html, "utf8");
  const srcs = [...text.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gz = 0;
  for (const src of new Set(srcs)) {
    const bytes = fs.readFileSync(path.join(dist, src.replace(/^\//, "")));
    raw += bytes.length;
    gz += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  console.log(`initial JavaScript of the login page: ${srcs.length} files, ${fmt(raw / 1024, 0)} KB, ${fmt(gz / 1024, 0)} KB gzipped`);
  report("initialJs", { figure: `${fmt(gz / 1024, 0)} KB gzipped (${srcs.length} files, last build)`, meets: gz <= 250 * 1024 });
}
