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

  it('is accepted once after it was started in this tab', () => {
    markExternalSignIn(1_000, storage);
    expect(takeExternalSignIn(2_000, storage)).toBe(true);
    expect(takeExternalSignIn(3_000, storage)).toBe(false);
  });

  it('is refused when nothing was started', () => {
    expect(takeExternalSignIn(1_000, storage)).toBe(false);
  });

  it('is refused after ten minutes', () => {
    markExternalSignIn(1_000, storage);
    expect(takeExternalSignIn(1_000 + 10 * 60_000 + 1, storage)).toBe(false);
  });
});
