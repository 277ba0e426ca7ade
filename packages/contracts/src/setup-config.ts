import { z } from 'zod';

/**
 * /app/setup-config: the portal's configuration as it runs — which engines serve it (sandbox or live)
 * and the job queue's health — with no secret ever in the answer. The school's switches are the
 * `school-settings` resource, edited on the same page.
 */
export const SETUP_CONFIG_PAGE = 'setup-config';
export const SETUP_CONFIG_API = '/api/admin/setup-config';

export const setupConfig = z.object({
  Version: z.string(),
  Database: z.enum(['PGlite', 'PostgreSQL']),
  /** SMTP (its host, never its credentials) or the server's log. */
  Mail: z.object({ Mode: z.enum(['smtp', 'log']), Host: z.string().nullable() }),
  Storage: z.object({ Mode: z.enum(['disk', 's3']), Bucket: z.string().nullable() }),
  MeetingEngine: z.object({ Mode: z.enum(['sandbox', 'bigbluebutton']), Host: z.string().nullable() }),
  Gateways: z.array(z.object({ Provider: z.string(), Mode: z.enum(['sandbox', 'live']) })),
  Jobs: z.array(
    z.object({
      Name: z.string(),
      Waiting: z.number().int(),
      Active: z.number().int(),
      Failed: z.number().int(),
      OldestWaitingAt: z.string().nullable(),
    }),
  ),
});
export type SetupConfig = z.infer<typeof setupConfig>;
export const setupConfigResponse = z.object({ Status: z.string(), Data: setupConfig });
