import Assignment from '@mui/icons-material/Assignment';
import Dashboard from '@mui/icons-material/Dashboard';
import Description from '@mui/icons-material/Description';
import FactCheck from '@mui/icons-material/FactCheck';
import Folder from '@mui/icons-material/Folder';
import Lock from '@mui/icons-material/Lock';
import Person from '@mui/icons-material/Person';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import UploadFile from '@mui/icons-material/UploadFile';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Route } from 'react-router';
import { useApplicantRecord } from '../../features/applicant/api/get-applicant-record';
import { NamespaceMessages } from '../../i18n/NamespaceMessages';
import { keepUser, sessionStore, useSessionUser } from '../../lib/session';
import { AreaShell } from '../shell/AreaShell';
import { useNotificationCounts } from '../shell/notificationCounts';
import { link, type NavItem } from '../shell/nav';
import type { ProfileEntry } from '../shell/ProfileMenu';

// The dashboard's parts from the payments and documents features download with the area (started
// here, so the dashboard does not wait for them after its own chunk) but apart from it: the student's
// payment pages share the payment buttons, and would otherwise download this area's part with them.
const paymentButtons = import('../../features/payments/components/PaymentButtons');
const paymentReturn = import('../../features/payments/components/PaymentReturn');
const admissionDocuments = import('../../features/documents/components/AdmissionDocuments');
const PaymentButtons = lazy(() => paymentButtons.then((m) => ({ default: m.PaymentButtons })));
const PaymentReturn = lazy(() => paymentReturn.then((m) => ({ default: m.PaymentReturn })));
const AdmissionDocuments = lazy(() => admissionDocuments.then((m) => ({ default: m.AdmissionDocuments })));
const ApplicantFormDialog = lazy(() => import('../../features/applicant/components/ApplicantFormDialog'));
const WelcomeDialog = lazy(() => import('../../features/applicant/components/WelcomeDialog'));
const ApplicantDashboard = lazy(() => import('../../features/applicant/components/ApplicantDashboard'));
const BiodataScreen = lazy(() => import('../../features/applicant/components/BiodataScreen'));
const GuardianScreen = lazy(() => import('../../features/applicant/components/GuardianScreen'));
const OlevelScreen = lazy(() => import('../../features/applicant/components/OlevelScreen'));
const DocumentsScreen = lazy(() => import('../../features/applicant/components/DocumentsScreen'));
const AdmissionDocsScreen = lazy(() => import('../../features/applicant/components/AdmissionDocsScreen'));
const FeeScheduleScreen = lazy(() => import('../../features/applicant/components/FeeScheduleScreen'));
const ChangePasswordScreen = lazy(() => import('../../features/account/components/ChangePasswordScreen'));
const PaymentHistoryScreen = lazy(() => import('../../features/payments/components/PaymentHistoryScreen'));
const TransactionStatusScreen = lazy(
  () => import('../../features/payments/components/TransactionStatusScreen'),
);
const ProvisionalLetterScreen = lazy(
  () => import('../../features/documents/components/ProvisionalLetterScreen'),
);

/** The sidebar: 'Upload Documents' until registration is complete, then the Documents group. */
function useApplicantNav(): NavItem[] {
  const user = useSessionUser('applicantUser');
  const record = useApplicantRecord(user?.ApplicantID ?? 0);
  const registered = record.data?.Data.RegComplete ?? false;
  return [
    link({ id: 'nav.dashboard' }, '/applicant/dashboard', <Dashboard />),
    link({ id: 'applicant.nav.biodata' }, '/applicant/biodata', <Person />),
    link({ id: 'applicant.nav.olevel' }, '/applicant/olevel', <FactCheck />),
    registered
      ? {
          kind: 'group',
          key: 'documents',
          label: { id: 'applicant.nav.documents' },
          icon: <Folder />,
          children: [
            link({ id: 'applicant.nav.applicationDocuments' }, '/applicant/admissiondocs', <Description />),
          ],
        }
      : link({ id: 'applicant.nav.uploadDocuments' }, '/applicant/documents', <UploadFile />),
    link({ id: 'applicant.nav.paymentHistory' }, '/applicant/paymenthistory', <ReceiptLong />),
    link({ id: 'nav.changePassword' }, '/applicant/changepassword', <Lock />),
  ];
}

/** /applicant/*: add the applicant's screens here as lazy routes (see apps/web/README.md). */
export default function ApplicantRoutes() {
  const nav = useApplicantNav();
  const queryClient = useQueryClient();
  const [formOpen, setFormOpen] = useState(false);
  const [formLoaded, setFormLoaded] = useState(false);
  // A settled payment moves the applicant to level 4: the record, documents and history load again.
  const refreshAfterPayment = () => {
    void queryClient.invalidateQueries({ queryKey: ['applicant'] });
    void queryClient.invalidateQueries({ queryKey: ['documents'] });
  };
  const profileEntries: ProfileEntry[] = [
    {
      label: 'applicant.form.title',
      icon: <Assignment fontSize="small" />,
      onSelect: () => {
        setFormLoaded(true);
        setFormOpen(true);
      },
    },
  ];
  const { notifications, latest } = useNotificationCounts('applicant');

  return (
    <>
      <AreaShell
        area="applicant"
        nav={nav}
        profileEntries={profileEntries}
        notifications={notifications}
        latestNotifications={latest}
      >
        <Route
          path="dashboard"
          element={
            <ApplicantDashboard
              acceptanceFeeActions={<PaymentButtons />}
              documentsExtra={<AdmissionDocuments />}
            >
              <PaymentReturn onDone={refreshAfterPayment} />
            </ApplicantDashboard>
          }
        />
        <Route path="paymenthistory" element={<PaymentHistoryScreen />} />
        <Route path="transactionstatus" element={<TransactionStatusScreen onPaid={refreshAfterPayment} />} />
        <Route path="admissionletter" element={<ProvisionalLetterScreen />} />
        <Route path="biodata" element={<BiodataScreen />} />
        <Route path="guardian" element={<GuardianScreen />} />
        <Route path="olevel" element={<OlevelScreen />} />
        <Route path="documents" element={<DocumentsScreen />} />
        <Route path="admissiondocs" element={<AdmissionDocsScreen />} />
        <Route path="feeschedule" element={<FeeScheduleScreen />} />
        <Route
          path="changepassword"
          element={
            <ChangePasswordScreen
              area="applicant"
              onChanged={() => {
                // The 'Welcome!' dialog goes for good: the user and the record now say so.
                const user = sessionStore.get().applicantUser;
                if (user) keepUser('applicantUser', { ...user, IsPasswdChgd: true });
                return queryClient.invalidateQueries({ queryKey: ['applicant', 'record'] });
              }}
            />
          }
        />
      </AreaShell>
      {/* Outside the shell's frame, so these bring the area's strings themselves (already loaded). */}
      <Suspense fallback={null}>
        <NamespaceMessages namespace="shell">
          <NamespaceMessages namespace="applicant">
            <WelcomeDialog />
            {formLoaded && <ApplicantFormDialog open={formOpen} onClose={() => setFormOpen(false)} />}
          </NamespaceMessages>
        </NamespaceMessages>
      </Suspense>
    </>
  );
}
