import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type Values = { content: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe('lazyResolver', () => {
  it('loads the resolver once, on the first validation, and uses it for every one', async () => {
    const inner = vi.fn<Resolver<Values, unknown, Values>>(async (values) => ({ values, errors: {} }));
    const load = vi.fn(async () => inner);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    await resolver({ content: 'أ' }, undefined, options);
    await resolver({ content: 'ب' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
    expect(inner).toHaveBeenCalledTimes(2);
  });

  it('tries the load again after it failed', async () => {
    const inner: Resolver<Values, unknown, Values> = async (values) => ({ values, errors: {} });
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(inner);
    const resolver = lazyResolver<Values, Values>(load);
    await expect(resolver({ content: 'أ' }, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({ content: 'أ' }, undefined, options)).resolves.toEqual({
      values: { content: 'أ' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
