import { describe, expect, it } from 'vitest';
import { UnsubscribeTokens } from './unsubscribe-tokens';

const SECRET = 'a-secret-that-is-long-enough-for-the-tests-here';
const USER = '6f1c2b7e-2d4a-4f7b-9a51-0c8e7d3b1a22';
const OTHER = '0b9d8c7e-6f5a-4b3c-8d2e-1f0a9b8c7d6e';

describe('unsubscribe tokens', () => {
  const tokens = new UnsubscribeTokens(SECRET);

  it('opens what it issued, the same token every time', () => {
    const token = tokens.issue(USER, 'digest');
    expect(token).toBe(tokens.issue(USER, 'digest'));
    expect(tokens.open(token)).toEqual({ userId: USER, list: 'digest' });
  });

  it('opens nothing changed, moved to another person or list, or signed with another secret', () => {
    const token = tokens.issue(USER, 'digest');
    const mac = token.split('.')[2]!;
    const flipped = `${mac.slice(0, 5)}${mac[5] === 'x' ? 'y' : 'x'}${mac.slice(6)}`;
    for (const forged of [
      `${USER}.digest.${flipped}`,
      `${OTHER}.digest.${mac}`,
      `${USER}.security.${mac}`,
      `${USER.toUpperCase()}.digest.${mac}`,
      `${token}.extra`,
      `${USER}.digest`,
      '',
      new UnsubscribeTokens(`${SECRET}!`).issue(USER, 'digest'),
    ])
      expect(tokens.open(forged), forged).toBeNull();
  });
});
