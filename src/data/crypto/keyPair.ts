import forge from "node-forge";
import { RSA_BITS, type KeyPairPem } from "../../core/crypto/hybrid";

function toPem(label: string, der: ArrayBuffer): string {
  const b64 = forge.util.encode64(forge.util.binary.raw.encode(new Uint8Array(der)));
  return `-----BEGIN ${label}-----\r\n${b64.replace(/.{64}/g, "$&\r\n").replace(/\r\n$/, "")}\r\n-----END ${label}-----\r\n`;
}

/**
 * A fresh RSA-2048 pair as PEM. The platform's WebCrypto finds primes natively (node-forge's
 * pure-JS search takes seconds in a browser); node-forge is the fallback where it is missing.
 */
export async function generateKeyPair(): Promise<KeyPairPem> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    const pair = await subtle.generateKey({ name: "RSA-OAEP", modulusLength: RSA_BITS, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, true, ["encrypt", "decrypt"]);
    const [spki, pkcs8] = await Promise.all([subtle.exportKey("spki", pair.publicKey), subtle.exportKey("pkcs8", pair.privateKey)]);
    return { publicKeyPem: toPem("PUBLIC KEY", spki), privateKeyPem: toPem("PRIVATE KEY", pkcs8) };
  }
  return new Promise((resolve, reject) => {
    forge.pki.rsa.generateKeyPair({ bits: RSA_BITS, e: 0x10001 }, (err, pair) => {
      if (err) return reject(err);
      resolve({ publicKeyPem: forge.pki.publicKeyToPem(pair.publicKey), privateKeyPem: forge.pki.privateKeyToPem(pair.privateKey) });
    });
  });
}
