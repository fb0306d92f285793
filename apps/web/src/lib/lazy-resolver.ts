import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver that loads its schema, and the validation library under it, on the form's first validation
 * (its first submit) instead of with the page: the post page shows its comment forms at once, and the library is
 * the largest script it would otherwise run before a reader can use the page.
 */
export function lazyResolver<Input extends FieldValues, Output>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): Resolver<Input, unknown, Output> {
  let resolver: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    resolver ??= load().catch((error: unknown) => {
      // A failed fetch (offline) is tried again on the next submit.
      resolver = undefined;
      throw error;
    });
    return (await resolver)(values, context, options);
  };
}
