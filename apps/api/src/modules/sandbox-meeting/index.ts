import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { sandboxMeetingSecret } from '../../platform/meetings/index.js';
import { sandboxMeetingRoutes } from './sandbox-meeting.routes.js';
import { SandboxMeetingEngine } from './sandbox-meeting.service.js';

export { SandboxMeetingEngine } from './sandbox-meeting.service.js';

/** Serves the built-in meeting engine the portal uses when no BigBlueButton server is configured. */
export async function registerSandboxMeeting(
  app: FastifyInstance,
  config: Config,
): Promise<SandboxMeetingEngine> {
  const engine = new SandboxMeetingEngine(sandboxMeetingSecret(config), app.log);
  await sandboxMeetingRoutes(app, engine, config.PUBLIC_URL);
  app.log.info('sandbox meeting engine serves live classes (no BBB_URL)');
  return engine;
}
