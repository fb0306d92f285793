import { describe, expect, it } from 'vitest';
import './zod-config';
import { config } from 'zod/v4/core';

describe('zod settings of the web app', () => {
  it('runs parsers without compiling them, so zod never probes for eval', () => {
    expect(config().jitless).toBe(true);
  });
});
