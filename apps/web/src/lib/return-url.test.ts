import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-url';

describe('safeReturnPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeReturnPath('/settings')).toBe('/settings');
    expect(safeReturnPath('/search?q=%D8%B1%D8%A3%D9%8A#top')).toBe('/search?q=%D8%B1%D8%A3%D9%8A#top');
    expect(safeReturnPath('/login-tips')).toBe('/login-tips');
  });

  it('refuses other origins and protocol-relative URLs', () => {
    expect(safeReturnPath('https://evil.example/')).toBeNull();
    expect(safeReturnPath('//evil.example/')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });

  it('refuses the sign-in pages themselves so a login never loops back to one', () => {
    expect(safeReturnPath('/login')).toBeNull();
    expect(safeReturnPath('/login/callback?code=1')).toBeNull();
    expect(safeReturnPath('/register')).toBeNull();
    expect(safeReturnPath('/reset-password?token=x')).toBeNull();
    expect(safeReturnPath('/verify-email?token=x')).toBeNull();
    expect(safeReturnPath('/auth/mobile/callback')).toBeNull();
  });
});
