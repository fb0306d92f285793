import { describe, expect, it } from 'vitest';
import { OpaqueHandles } from './opaque-handles';

const SECRET = 'a-server-secret-that-is-long-enough-for-the-test';
const handles = new OpaqueHandles(SECRET, ['post', 'comment'], 'content authors');

describe('opaque handles', () => {
  it('gives one item the same handle every time and opens it back to the item', () => {
    const handle = handles.issue('post', 42);
    expect(handle).toMatch(/^[A-Za-z0-9_-]{28}$/);
    expect(handles.issue('post', 42)).toBe(handle);
    expect(new OpaqueHandles(SECRET, ['post', 'comment'], 'content authors').issue('post', 42)).toBe(handle);
    expect(handles.open(handle)).toEqual({ kind: 'post', id: 42 });
    expect(handles.open(handles.issue('comment', Number.MAX_SAFE_INTEGER))).toEqual({
      kind: 'comment',
      id: Number.MAX_SAFE_INTEGER,
    });
  });

  it('gives neighbouring items handles with nothing in common', () => {
    const issued = [1, 2, 3, 4, 5].flatMap((id) => [handles.issue('post', id), handles.issue('comment', id)]);
    expect(new Set(issued).size).toBe(issued.length);
    // No shared prefix or suffix, as a counter or a kind marker in clear would leave.
    for (const a of issued)
      for (const b of issued) {
        if (a === b) continue;
        expect(a.slice(0, 4)).not.toBe(b.slice(0, 4));
        expect(a.slice(-4)).not.toBe(b.slice(-4));
      }
    expect(issued.join('')).not.toMatch(/post|comment/);
  });

  it('opens nothing that was changed, forged, cut or issued with another key or purpose', () => {
    const handle = handles.issue('comment', 7);
    for (let i = 0; i < handle.length; i++) {
      const swapped = handle[i] === 'A' ? 'B' : 'A';
      expect(handles.open(handle.slice(0, i) + swapped + handle.slice(i + 1))).toBeNull();
    }
    expect(handles.open(handle.slice(1))).toBeNull();
    expect(handles.open(`${handle}A`)).toBeNull();
    expect(handles.open('A'.repeat(28))).toBeNull();
    expect(handles.open('')).toBeNull();
    expect(handles.open('+'.repeat(28))).toBeNull();
    expect(new OpaqueHandles(`${SECRET}x`, ['post', 'comment'], 'content authors').open(handle)).toBeNull();
    expect(new OpaqueHandles(SECRET, ['post', 'comment'], 'something else').open(handle)).toBeNull();
  });
});
