import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './errors.js';
import { sendPdf } from './downloads.js';

/** `abc….pdf` → `abc…`; any other file name answers 404 with the document's own message. */
export function publicIdFromPdfName(file: string, notFoundMessage: string): string {
  const match = /^([0-9a-f]{32})\.pdf$/.exec(file);
  if (!match) throw new AppError(404, notFoundMessage, 'NotFound');
  return match[1]!;
}

/**
 * A public PDF named by its holder's unguessable public id, at `<path>` ending in `:file`
 * (`{publicId}.pdf`): the link a QR code and the portal's download buttons open.
 */
export function publicPdfRoute(
  app: FastifyInstance,
  path: `${string}/:file`,
  route: {
    tag: string;
    summary: string;
    notFoundMessage: string;
    render: (publicId: string) => Promise<{ pdf: Buffer; fileName: string }>;
  },
): void {
  app.withTypeProvider<ZodTypeProvider>().get(path, {
    config: { access: 'public' },
    schema: { tags: [route.tag], summary: route.summary, params: pdfFileParams },
    handler: async (request, reply) =>
      sendPdf(reply, await route.render(publicIdFromPdfName(request.params.file, route.notFoundMessage))),
  });
}

/** The params of a download named `<file>.pdf`. */
export const pdfFileParams = z.object({ file: z.string().max(100) });
