/**
 * The part of node-forge that src/core uses, typed for the core project alone (tsconfig.core.json
 * maps "node-forge" here). @types/node-forge references Node's types, which would let Node
 * globals into core unnoticed; the app and server projects check the same code against the full
 * @types/node-forge.
 */
declare namespace forge {
  type Bytes = string;
  namespace util {
    interface ByteStringBuffer {
      getBytes(): Bytes;
      toHex(): string;
    }
    function createBuffer(input?: Bytes): ByteStringBuffer;
    function encode64(input: Bytes): string;
    function decode64(input: string): Bytes;
    function encodeUtf8(input: string): Bytes;
    function decodeUtf8(input: Bytes): string;
  }
  namespace md {
    interface MessageDigest {
      update(message: Bytes): MessageDigest;
      digest(): util.ByteStringBuffer;
    }
    namespace sha256 {
      function create(): MessageDigest;
    }
  }
  namespace hmac {
    interface HMAC {
      start(md: "sha256", key: Bytes): void;
      update(bytes: Bytes): void;
      digest(): util.ByteStringBuffer;
    }
    function create(): HMAC;
  }
  namespace random {
    function getBytesSync(count: number): Bytes;
  }
  namespace cipher {
    interface BlockCipher {
      start(options: { iv: Bytes }): void;
      update(payload: util.ByteStringBuffer): void;
      finish(): boolean;
      output: util.ByteStringBuffer;
    }
    function createCipher(algorithm: "AES-CBC", key: Bytes): BlockCipher;
    function createDecipher(algorithm: "AES-CBC", key: Bytes): BlockCipher;
  }
  namespace asn1 {
    interface Asn1 {
      readonly tagClass: unknown;
    }
    function toDer(obj: Asn1): util.ByteStringBuffer;
  }
  namespace pki {
    namespace rsa {
      interface PublicKey {
        n: { bitLength(): number };
        encrypt(data: Bytes, scheme: "RSA-OAEP", schemeOptions: object): Bytes;
      }
      interface PrivateKey {
        decrypt(data: Bytes, scheme: "RSA-OAEP", schemeOptions: object): Bytes;
      }
    }
    function publicKeyFromPem(pem: string): rsa.PublicKey;
    function privateKeyFromPem(pem: string): rsa.PrivateKey;
    function publicKeyToAsn1(key: rsa.PublicKey): asn1.Asn1;
  }
}

export default forge;
