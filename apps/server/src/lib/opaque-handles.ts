import { createHmac, timingSafeEqual } from 'node:crypto';

const MAC_BYTES = 12;
const PAYLOAD_BYTES = 9;
const HANDLE_PATTERN = /^[A-Za-z0-9_-]{28}$/;

/**
 * Opaque, stable handles for (kind, id) pairs, so that a client can be given something to act through without
 * being given the id it stands for. A synthetic-IV construction over HMAC-SHA-256 with a key derived from the
 * server's secret: the tag is a MAC of the pair, and the pair travels masked by a key stream drawn from the tag.
 * Hence the same pair always gives the same handle, two pairs give handles with nothing in common, nothing can
 * be read from a handle without the key, and a handle changed in any bit opens to nothing.
 */
export class OpaqueHandles<Kind extends string> {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly kinds: readonly Kind[],
    purpose: string,
  ) {
    if (kinds.length === 0 || kinds.length > 255) throw new Error('between 1 and 255 kinds');
    this.key = createHmac('sha256', secret).update(`ray opaque handles: ${purpose}`).digest();
  }

  issue(kind: Kind, id: number): string {
    const index = this.kinds.indexOf(kind);
    if (index < 0 || !Number.isSafeInteger(id) || id < 0) throw new Error('not a handle-able pair');
    const payload = Buffer.alloc(PAYLOAD_BYTES);
    payload.writeUInt8(index, 0);
    payload.writeBigUInt64BE(BigInt(id), 1);
    const tag = this.tag(payload);
    return Buffer.concat([tag, xor(payload, this.mask(tag))]).toString('base64url');
  }

  /** The pair behind a handle this server issued, or null for anything else. */
  open(handle: string): { kind: Kind; id: number } | null {
    if (!HANDLE_PATTERN.test(handle)) return null;
    const bytes = Buffer.from(handle, 'base64url');
    const tag = bytes.subarray(0, MAC_BYTES);
    const payload = xor(bytes.subarray(MAC_BYTES), this.mask(tag));
    if (!timingSafeEqual(tag, this.tag(payload))) return null;
    const kind = this.kinds[payload.readUInt8(0)];
    const id = payload.readBigUInt64BE(1);
    if (kind === undefined || id > BigInt(Number.MAX_SAFE_INTEGER)) return null;
    return { kind, id: Number(id) };
  }

  private tag(payload: Buffer): Buffer {
    return createHmac('sha256', this.key).update('tag').update(payload).digest().subarray(0, MAC_BYTES);
  }

  private mask(tag: Buffer): Buffer {
    return createHmac('sha256', this.key).update('mask').update(tag).digest().subarray(0, PAYLOAD_BYTES);
  }
}

function xor(a: Buffer, b: Buffer): Buffer {
  const out = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! ^ b[i]!;
  return out;
}
