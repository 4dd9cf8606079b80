import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { mqttNextTick } from "./scripts/vite/mqttNextTick";

// The paper broker serves dist/ and every service prefix on one origin; in dev mode Vite
// proxies those prefixes to it so the client code never knows which mode it runs in.
const broker = process.env.BROKER_URL ?? "http://127.0.0.1:8081";
const prefixes = ["/auth", "/core", "/wrapper", "/sso", "/span", "/charts", "/dev", "/health", "/sso-demo"];

export default defineConfig({
  plugins: [react(), mqttNextTick()],
  // Not pre-bundled in dev: the pre-bundle skips plugins, and mqttNextTick must rewrite mqtt.js there too.
  optimizeDeps: { exclude: ["mqtt"] },
  // No source maps in the production build: they would publish the source (issue 12); the broker refuses .map too.
  // Two pages: the app, and the charts host's chart page (chart.html, served at /charts/lightweight and /charts/tradingview).
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 2000, rollupOptions: { input: { main: "index.html", chart: "chart.html" } } },
  server: {
    host: "127.0.0.1",
    port: 8080,
    proxy: Object.fromEntries([
      // The broker's /dev routes answer only Host 127.0.0.1:<its port> (DNS rebinding): name it there.
      ...prefixes.map((p) => [p, { target: broker, changeOrigin: p === "/dev" }]),
      ["/feed", { target: broker.replace(/^http/, "ws"), ws: true }],
    ]),
  },
});
