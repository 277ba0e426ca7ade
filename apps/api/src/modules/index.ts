import type { FastifyInstance } from 'fastify';
import { CONTENT_PAGES } from '@portal/contracts';
import type { AppDeps } from '../platform/deps.js';
import { createGateways, PROVIDERS } from '../platform/payments/index.js';
import { registerAdminModule } from './admin/index.js';
import { registerAdmissionsModule } from './admissions/index.js';
import { registerApplicantsModule } from './applicants/index.js';
import { registerAuthModule } from './auth/index.js';
import { registerBursaryModule } from './bursary/index.js';
import { registerAnnouncementsModule } from './announcements/index.js';
import { registerBroadcastsModule } from './broadcasts/index.js';
import { contentOfferingCounts, registerContentModule } from './content/index.js';
import { registerDiscussionsModule } from './discussions/index.js';
import { lateRegistrationSwitchGuard, registerCoursesModule } from './courses/index.js';
import { registerDocumentsModule } from './documents/index.js';
import { registerHealthModule } from './health/index.js';
import { hostelBallotSwitchGuard, registerHostelsModule } from './hostels/index.js';
import { registerImportsModule } from './imports/index.js';
import { registerInstructorsModule } from './instructors/index.js';
import { registerLearnersModule } from './learners/index.js';
import { registerLettersModule } from './letters/index.js';
import { registerNotificationsModule } from './notifications/index.js';
import { registerOfferingsModule } from './offerings/index.js';
import { registerOlevelModule } from './olevel/index.js';
import { registerPaymentsModule } from './payments/index.js';
import { registerPlatformFiguresModule } from './platform-figures/index.js';
import { registerReceiptsModule } from './receipts/index.js';
import { registerRecordsModule } from './records/index.js';
import { registerReferenceModule } from './reference/index.js';
import { registerResultsModule } from './results/index.js';
import { registerSandboxGateway } from './sandbox-gateway/index.js';
import { registerSessionsModule } from './sessions/index.js';
import { registerSetupConfigModule } from './setup-config/index.js';
import { registerStaffModule } from './staff/index.js';
import { registerStudentDashboardModule } from './student-dashboard/index.js';
import { registerStudentsModule } from './students/index.js';
import { registerTransactionsModule } from './transactions/index.js';
import { registerUploadsModule } from './uploads/index.js';
import { registerAssignmentsModule } from './assignments/index.js';
import { registerLiveClassesModule } from './liveclasses/index.js';
import { registerCbtModule } from './cbt/index.js';
import { registerSandboxMeeting } from './sandbox-meeting/index.js';
import { createMeetingEngine } from '../platform/meetings/index.js';

/**
 * Every domain module registers here, in one place, and nowhere else: no module registers
 * another (docs/ARCHITECTURE.md, "Module graph").
 */
export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerHealthModule(app, deps);
  registerSessionsModule(app, deps);
  registerAuthModule(app, deps);
  registerAdminModule(app, deps);
  await registerAdmissionsModule(app, deps);
  registerTransactionsModule(app, deps);
  await registerImportsModule(app, deps);
  // The school's switches that running work depends on: each module guards its own (issue 28).
  await registerReferenceModule(app, deps, {
    'school-settings': [lateRegistrationSwitchGuard, hostelBallotSwitchGuard],
  });
  registerApplicantsModule(app, deps);
  registerOlevelModule(app, deps);
  await registerDocumentsModule(app, deps);
  // Providers without credentials are served by the sandbox gateway.
  const gateways = createGateways(deps.config);
  const sandbox = await registerSandboxGateway(
    app,
    deps.config,
    PROVIDERS.filter((p) => gateways[p]?.sandbox),
  );
  registerPaymentsModule(app, deps, { gateways, sandbox });
  registerSetupConfigModule(app, deps, gateways);
  registerReceiptsModule(app, deps);
  registerLettersModule(app, deps);
  registerBursaryModule(app, deps);
  await registerStudentsModule(app, deps);
  await registerRecordsModule(app, deps);
  registerCoursesModule(app, deps);
  registerResultsModule(app, deps);
  registerHostelsModule(app, deps);
  registerStaffModule(app, deps);
  await registerUploadsModule(app, deps);
  registerStudentDashboardModule(app, deps);
  registerNotificationsModule(app, deps);
  registerContentModule(app, deps);
  registerOfferingsModule(app, deps, { [CONTENT_PAGES.manage]: contentOfferingCounts });
  registerAnnouncementsModule(app, deps);
  registerBroadcastsModule(app, deps);
  registerDiscussionsModule(app, deps);
  registerAssignmentsModule(app, deps);
  registerCbtModule(app, deps);
  // Without BBB_URL and BBB_SECRET the built-in sandbox engine serves live classes.
  const meetings = createMeetingEngine(deps.config);
  if (meetings.sandbox) await registerSandboxMeeting(app, deps.config);
  registerLiveClassesModule(app, deps, meetings.engine);
  registerPlatformFiguresModule(app, deps);
  registerLearnersModule(app, deps);
  registerInstructorsModule(app, deps);
}
