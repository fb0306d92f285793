import { beforeEach, describe, expect, it } from 'vitest';
import { markExternalSignIn, takeExternalSignIn } from './pending-sign-in';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
    removeItem: (key: string) => {
      values.delete(key);
    },
  };
}

describe('pending external sign-in', () => {
  let storage = memoryStorage();
  beforeEach(() => {
    storage = memoryStorage();
  });

  it('hands its secret back once, in the same tab', () => {
    const binding = markExternalSignIn(1_000, storage);
    expect(binding).toMatch(/^[\w-]{43}$/);
    expect(takeExternalSignIn(2_000, storage)).toBe(binding);
    expect(takeExternalSignIn(3_000, storage)).toBeNull();
  });

  it('makes a new secret for every sign-in', () => {
    expect(markExternalSignIn(1_000, storage)).not.toBe(markExternalSignIn(1_000, storage));
  });

  it('has nothing when nothing was started, or after ten minutes', () => {
    expect(takeExternalSignIn(1_000, storage)).toBeNull();
    markExternalSignIn(1_000, storage);
    expect(takeExternalSignIn(1_000 + 10 * 60_000 + 1, storage)).toBeNull();
    storage.setItem('ray.pendingExternalSignIn', 'not json');
    expect(takeExternalSignIn(1_000, storage)).toBeNull();
  });
});
