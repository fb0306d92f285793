/** http_ece ships no types: the part of its API the push tests use, decrypting what a browser would. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm' | 'aesgcm' | 'aesgcm128';
    /** The receiving browser's key pair. */
    privateKey?: ECDH;
    authSecret?: Buffer | string;
  }

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
