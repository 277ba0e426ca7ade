import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { sandboxCredentials, type ProviderName } from '../../platform/payments/index.js';
import { sandboxRoutes } from './sandbox.routes.js';
import { SandboxGateway } from './sandbox.service.js';
import { SandboxStore } from './sandbox.store.js';

export { SandboxGateway } from './sandbox.service.js';

/** Serves the simulated providers the portal uses instead of unconfigured real ones. */
export async function registerSandboxGateway(
  app: FastifyInstance,
  config: Config,
  providers: readonly ProviderName[],
): Promise<SandboxGateway | null> {
  if (providers.length === 0) return null;
  const sandbox = new SandboxGateway(
    new SandboxStore(config.DATA_DIR),
    sandboxCredentials(config.PAYMENT_SANDBOX_SECRET),
    config.PAYMENT_SANDBOX_SECRET,
    config.PUBLIC_URL,
    app.log,
  );
  await sandboxRoutes(app, sandbox, providers);
  app.log.info({ providers }, 'payment sandbox gateway serves providers without credentials');
  return sandbox;
}
