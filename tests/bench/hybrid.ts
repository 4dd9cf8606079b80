import { decryptRequest, decryptResponse, encryptRequest, encryptResponse, forgeRsaOaep, keyIdOf, type RsaOaep } from "../../src/core/crypto/hybrid.js";
import { generateKeyPair } from "../../src/data/crypto/keyPair.js";
import { nativeRsaOaep } from "../../server/auth/nativeRsa.js";
import { fmt, report } from "./util.js";

/** Cost of one encrypted auth round (seal request, open it, seal answer, open it) with each RSA backend. */
export async function run(): Promise<void> {
  const [client, server] = await Promise.all([generateKeyPair(), generateKeyPair()]);
  const kid = keyIdOf(client.publicKeyPem);
  const payload = { userId: "DEMO1", password: "Tape@2026", deviceId: "0123456789abcdef", versionNo: "A.0.0.1", appName: "TAPE", osName: "WEB" };
  const keyOf = (k: string) => (k === kid ? client.publicKeyPem : undefined);
  const round = (rsa: RsaOaep) => {
    const opened = decryptRequest(encryptRequest(payload, kid, server.publicKeyPem, rsa), server.privateKeyPem, keyOf, rsa);
    decryptResponse(encryptResponse({ status: "Ok", message: "Success", result: [opened.payload] }, client.publicKeyPem, rsa), client.privateKeyPem, rsa);
  };
  const perRound: Record<string, number> = {};
  for (const [name, rsa, n] of [["node-forge", forgeRsaOaep, 20], ["native", nativeRsaOaep, 500]] as const) {
    round(rsa);
    const t0 = performance.now();
    for (let i = 0; i < n; i++) round(rsa);
    const ms = (performance.now() - t0) / n;
    perRound[name] = ms;
    console.log(`${name.padEnd(10)} ${ms.toFixed(2)} ms per round (2 RSA-OAEP private operations), ${n} rounds`);
  }
  const forge = perRound["node-forge"] ?? 0;
  report("crypto", { figure: `browser uses node-forge only: ${fmt(forge, 1)} ms per round`, meets: false, ratio: `native ${fmt(forge / (perRound.native ?? 1), 0)}x faster` });
}
