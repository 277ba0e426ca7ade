import { z } from 'zod';

/** `{ Status, Message, Data }`: the envelope every response uses. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    Status: z.string(),
    Message: z.string().optional(),
    Data: data.optional(),
  });
}

/** A declared server message: its id and values (amounts in kobo, days as ISO dates); see messages.ts. */
export const messageRef = z.object({
  Id: z.string(),
  Values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  Kinds: z.record(z.string(), z.enum(['money', 'date'])).optional(),
});

export const errorEnvelope = z.object({
  Status: z.string(),
  /** English, word for word as specified; `MessageId` names it for translation. */
  Message: z.string(),
  MessageId: z.string().optional(),
  MessageValues: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  MessageKinds: z.record(z.string(), z.enum(['money', 'date'])).optional(),
  Errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** The declared texts among `Errors`' messages, by their English text. */
  Texts: z.record(z.string(), messageRef).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Paging fields carried by every list response. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** The longest search the lists take, and what a longer one is told. */
export const SEARCH_MAX = 100;
/** The lists' own messages (namespace `list`). */
export const LIST_MESSAGES = {
  searchTooLong: `A search is at most ${SEARCH_MAX} characters.`,
} as const;
export const SEARCH_TOO_LONG = LIST_MESSAGES.searchTooLong;
/** A list's free-text search. */
export const searchText = z.string().trim().max(SEARCH_MAX, SEARCH_TOO_LONG);

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
