import { describe, expect, it } from 'vitest';
import commonPasswords from './common-passwords.json';
import { isCommonPassword } from './passwords';

describe('isCommonPassword', () => {
  it('refuses the most used passwords, whatever their case', async () => {
    for (const password of ['123456', 'password', 'qwerty', 'PassWord', 'ILOVEYOU']) {
      expect(await isCommonPassword(password)).toBe(true);
    }
  });

  it('refuses the last of the 1,000 and accepts passwords outside the list', async () => {
    expect(commonPasswords).toHaveLength(1_000);
    expect(await isCommonPassword(commonPasswords.at(-1) ?? '')).toBe(true);
    for (const password of ['correct horse battery staple', 'مرحبا123', '']) {
      expect(await isCommonPassword(password)).toBe(false);
    }
  });
});
