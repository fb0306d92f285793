import { describe, expect, it } from 'vitest';
import { canModerate } from './roles';

describe('canModerate', () => {
  it('lets moderators and admins in', () => {
    expect(canModerate('moderator')).toBe(true);
    expect(canModerate('admin')).toBe(true);
  });

  it('keeps users and visitors out', () => {
    expect(canModerate('user')).toBe(false);
    expect(canModerate(undefined)).toBe(false);
  });
});
