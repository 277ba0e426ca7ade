import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INSTITUTION_API,
  SCHOOL_ID,
  STATUS,
  errorEnvelope,
  institutionResponse,
  recordId,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import { logoUrl, schoolParticulars } from '../../platform/school.js';
import { currentSessionIds } from './sessions.repository.js';

const activeSessions = z.object({
  Status: z.string(),
  Data: z.array(
    z.object({
      Academic_SessionID: z.number().int().nullable(),
      Academic_Session: z.string().nullable(),
      Admission_SessionID: z.number().int().nullable(),
      Admission_Session: z.string().nullable(),
    }),
  ),
});

export function sessionsRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/ActiveSessions', {
    config: { access: 'public' },
    schema: {
      tags: ['sessions'],
      summary: 'The current academic and admission sessions of a school',
      querystring: z.object({ schId: recordId }),
      response: { 200: activeSessions, 404: errorEnvelope },
    },
    handler: async (request) => {
      if (request.query.schId !== SCHOOL_ID) throw notFound('School not found.');
      const { academic, admission } = await currentSessionIds(db);
      return {
        Status: STATUS.ok,
        Data: [
          {
            Academic_SessionID: academic?.id ?? null,
            Academic_Session: academic?.name ?? null,
            Admission_SessionID: admission?.id ?? null,
            Admission_Session: admission?.name ?? null,
          },
        ],
      };
    },
  });

  r.get('/api/CurrentAdmSession/:schoolId', {
    config: { access: 'public' },
    schema: {
      tags: ['sessions'],
      summary: 'The current admission session',
      params: z.object({ schoolId: recordId }),
      response: {
        200: z.object({
          Status: z.string(),
          Data: z.object({ SessionId: z.number().int(), SessionName: z.string() }),
        }),
        404: errorEnvelope,
      },
    },
    handler: async (request) => {
      if (request.params.schoolId !== SCHOOL_ID) throw notFound('School not found.');
      const { admission } = await currentSessionIds(db);
      if (!admission) throw notFound('No admission session is open.');
      return { Status: STATUS.ok, Data: { SessionId: admission.id, SessionName: admission.name } };
    },
  });

  r.get(INSTITUTION_API, {
    config: { access: 'public' },
    schema: {
      tags: ['sessions'],
      summary:
        "The school's particulars as the shell and the public pages show them (School Management): names, address, contacts, logo and colours",
      response: { 200: institutionResponse },
    },
    handler: async () => {
      const school = await schoolParticulars(db);
      return {
        Status: STATUS.ok,
        Data: {
          Name: school.name,
          ShortName: school.shortName,
          Address: school.address,
          Email: school.email,
          Phone: school.phone,
          Website: school.website,
          LogoUrl: logoUrl(school),
          PrimaryColour: school.primaryColour,
          SecondaryColour: school.secondaryColour,
        },
      };
    },
  });
}
