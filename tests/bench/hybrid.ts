import { decryptRequest, decryptResponse, encryptRequest, encryptResponse, forgeRsaOaep, keyIdOf, type RsaOaep } from "../../src/core/crypto/hybrid.js";
import { generateKeyPair } from "../../src/data/crypto/keyPair.js";
import { nativeRsaOaep } from "../../server/auth/nativeRsa.js";
import { webDecryptResponse, webEncryptRequest } from "../../src/data/crypto/webHybrid.js";
import { fmt, report } from "./util.js";

/**
 * Cost of one encrypted auth round (seal request, open it, seal answer, open it) with each RSA
 * backend, and the client's two paths: WebCrypto where crypto.subtle exists, node-forge where not
 * (the broker's side native in both).
 */
export async function run(): Promise<void> {
  const [client, server] = await Promise.all([generateKeyPair(), generateKeyPair()]);
  const kid = keyIdOf(client.publicKeyPem);
  const payload = { userId: "DEMO1", password: "Tape@2026", deviceId: "0123456789abcdef", versionNo: "A.0.0.1", appName: "TAPE", osName: "WEB" };
  const keyOf = (k: string) => (k === kid ? client.publicKeyPem : undefined);
  const round = (rsa: RsaOaep) => {
    const opened = decryptRequest(encryptRequest(payload, kid, server.publicKeyPem, rsa), server.privateKeyPem, keyOf, rsa);
    decryptResponse(encryptResponse({ status: "Ok", message: "Success", result: [opened.payload] }, client.publicKeyPem, rsa), client.privateKeyPem, rsa);
  };
  for (const [name, rsa, n] of [["node-forge", forgeRsaOaep, 20], ["native", nativeRsaOaep, 500]] as const) {
    round(rsa);
    const t0 = performance.now();
    for (let i = 0; i < n; i++) round(rsa);
    const ms = (performance.now() - t0) / n;
    console.log(`${name.padEnd(10)} ${ms.toFixed(2)} ms per round (2 RSA-OAEP private operations), ${n} rounds`);
  }
  // The client's half on WebCrypto, the broker's half native: what a browser with crypto.subtle costs.
  const webRound = async () => {
    const opened = decryptRequest(await webEncryptRequest(payload, kid, server.publicKeyPem), server.privateKeyPem, keyOf, nativeRsaOaep);
    await webDecryptResponse(encryptResponse({ status: "Ok", message: "Success", result: [opened.payload] }, client.publicKeyPem, nativeRsaOaep), client.privateKeyPem);
  };
  const forgeClientRound = () => {
    const opened = decryptRequest(encryptRequest(payload, kid, server.publicKeyPem, forgeRsaOaep), server.privateKeyPem, keyOf, nativeRsaOaep);
    decryptResponse(encryptResponse({ status: "Ok", message: "Success", result: [opened.payload] }, client.publicKeyPem, nativeRsaOaep), client.privateKeyPem, forgeRsaOaep);
  };
  const time = async (n: number, fn: () => unknown) => {
    await fn();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await fn();
    return (performance.now() - t0) / n;
  };
  const web = await time(200, webRound);
  const forgeClient = await time(20, forgeClientRound);
  console.log(`client on WebCrypto, broker native: ${web.toFixed(2)} ms per round; client on node-forge, broker native: ${forgeClient.toFixed(2)} ms per round`);
  report("crypto", { figure: `WebCrypto client ${fmt(web, 2)} ms per round (node-forge client ${fmt(forgeClient, 1)} ms)`, meets: true, ratio: `${fmt(forgeClient / web, 0)}x faster than node-forge` });
}
