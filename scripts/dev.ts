import { spawn } from "node:child_process";

/**
 * `npm run dev`: the paper broker (API only) on 8081 and Vite with hot reload on 8080,
 * proxying the service prefixes to the broker (vite.config.ts), so the app is used as in production.
 */
const brokerPort = process.env.BROKER_PORT ?? "8081";
const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: brokerPort, STATIC_DIR: "" },
  }),
  spawn(process.execPath, ["node_modules/vite/bin/vite.js", "--port", process.env.PORT ?? "8080", "--strictPort"], {
    stdio: "inherit",
    env: { ...process.env, BROKER_URL: `http://127.0.0.1:${brokerPort}` },
  }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children) c.on("exit", (code) => code && code !== 0 && stop());
