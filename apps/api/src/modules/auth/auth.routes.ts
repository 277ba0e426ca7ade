import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STATUS,
  changePasswordRequest,
  errorEnvelope,
  forgotPasswordRequest,
  loginRequest,
  loginResponse,
  logoutQuery,
} from '@portal/contracts';
import { requireAuth } from '../../platform/auth.js';
import type { AuthService } from './auth.service.js';

const okEnvelope = z.object({ Status: z.string(), Message: z.string() });

export function authRoutes(app: FastifyInstance, service: AuthService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/Account/Login', {
    config: { access: 'public' },
    bodyLimit: 16 * 1024,
    schema: {
      tags: ['auth'],
      summary: 'Sign in as an applicant, student or admin',
      body: loginRequest,
      response: {
        200: loginResponse,
        400: errorEnvelope,
        401: errorEnvelope,
        403: errorEnvelope,
        429: errorEnvelope,
      },
    },
    handler: (request) => service.login(request.body, request.ip),
  });

  r.get('/api/Account/Logout', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'End the caller’s session',
      querystring: logoutQuery,
      response: { 200: okEnvelope, 400: errorEnvelope, 403: errorEnvelope },
    },
    handler: async (request) => {
      const message = await service.logout(request.auth, request.query);
      return { Status: STATUS.ok, Message: message };
    },
  });

  r.post('/api/Account/ForgotPassword', {
    config: { access: 'public' },
    bodyLimit: 16 * 1024,
    schema: {
      tags: ['auth'],
      summary: 'Step 1 e-mails a reset link; step 2 sets the new password with its code',
      body: forgotPasswordRequest,
      response: { 200: okEnvelope, 400: errorEnvelope, 429: errorEnvelope },
    },
    handler: (request) =>
      request.body.step === 1
        ? service.requestReset(request.body, request.ip)
        : service.completeReset(request.body),
  });

  r.post('/api/Account/ChangePassword', {
    config: { access: { modes: ['Applicant', 'Student', 'Admin'] } },
    bodyLimit: 16 * 1024,
    schema: {
      tags: ['auth'],
      summary: 'Change the signed-in user’s password',
      body: changePasswordRequest,
      response: { 200: okEnvelope, 400: errorEnvelope },
    },
    handler: (request) => {
      const auth = requireAuth(request);
      return service.changePassword(
        auth.kind,
        auth.userId,
        auth.sessionId,
        request.body.currentPassword,
        request.body.newPassword,
      );
    },
  });
}
