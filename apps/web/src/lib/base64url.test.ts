import { describe, expect, it } from 'vitest';
import { base64UrlToBytes } from './base64url';

describe('base64UrlToBytes', () => {
  it('decodes a base64url key without padding, with the characters base64 spells differently', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, index) => (index * 37 + 250) % 256);
    const encoded = Buffer.from(bytes).toString('base64url');
    expect(encoded).not.toContain('=');
    expect(encoded).toMatch(/[-_]/);
    expect(Array.from(base64UrlToBytes(encoded))).toEqual(Array.from(bytes));
  });

  it('decodes keys of every padding length', () => {
    for (const length of [1, 2, 3, 4, 16]) {
      const bytes = Uint8Array.from({ length }, (_, index) => 255 - index);
      expect(Array.from(base64UrlToBytes(Buffer.from(bytes).toString('base64url')))).toEqual(
        Array.from(bytes),
      );
    }
  });
});
