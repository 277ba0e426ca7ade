import { z } from 'zod';

/** `{ Status, Message, Data }`: the envelope every response uses. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    Status: z.string(),
    Message: z.string().optional(),
    Data: data.optional(),
  });
}

export const errorEnvelope = z.object({
  Status: z.string(),
  Message: z.string(),
  Errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Paging fields carried by every list response. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    Status: z.string(),
    Message: z.string().optional(),
    Data: z.array(item),
    Page: z.number().int(),
    PageSize: z.number().int(),
    Total: z.number().int(),
  });
}
