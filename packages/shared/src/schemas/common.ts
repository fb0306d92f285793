import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../constants';
import { msg } from '../messages.ar';

export const paginationSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  hasNextPage: z.boolean(),
  totalCount: z.number().int(),
  /** Opaque position of the next page; send it back as `cursor`. */
  nextCursor: z.string().nullable(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), pagination: paginationSchema });
}
export interface Paged<T> {
  items: T[];
  pagination: Pagination;
}

/** A page size from the query: a whole number from 1 to MAX_PAGE_SIZE, `fallback` when absent. */
export const pageSizeParamOf = (fallback: number) =>
  z.coerce
    .number({ error: msg.invalidValue })
    .int(msg.invalidValue)
    .min(1, msg.invalidValue)
    .max(MAX_PAGE_SIZE, msg.invalidValue)
    .default(fallback);

export const pageSizeParam = pageSizeParamOf(PAGE_SIZE);

export const cursorParam = z
  .string()
  .max(200, msg.invalidValue)
  .regex(/^[A-Za-z0-9_-]+$/, msg.invalidValue);

export const successSchema = z.object({ success: z.boolean(), message: z.string().optional() });
