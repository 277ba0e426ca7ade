import Assignment from '@mui/icons-material/Assignment';
import Dashboard from '@mui/icons-material/Dashboard';
import Description from '@mui/icons-material/Description';
import FactCheck from '@mui/icons-material/FactCheck';
import Folder from '@mui/icons-material/Folder';
import Lock from '@mui/icons-material/Lock';
import Person from '@mui/icons-material/Person';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import UploadFile from '@mui/icons-material/UploadFile';
import { lazy, Suspense, useState } from 'react';
import { Route } from 'react-router';
import { useApplicantRecord } from '../../features/applicant/api/get-applicant-record';
import { useSessionUser } from '../../lib/session';
import { AreaDashboard } from '../shell/AreaDashboard';
import { AreaShell } from '../shell/AreaShell';
import { link, type NavItem } from '../shell/nav';
import type { ProfileEntry } from '../shell/ProfileMenu';

const ApplicantFormDialog = lazy(() => import('../../features/applicant/components/ApplicantFormDialog'));

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
  const [formOpen, setFormOpen] = useState(false);
  const [formLoaded, setFormLoaded] = useState(false);
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

  return (
    <>
      <AreaShell area="applicant" nav={nav} profileEntries={profileEntries}>
        <Route path="dashboard" element={<AreaDashboard area="applicant" />} />
      </AreaShell>
      {formLoaded && (
        <Suspense fallback={null}>
          <ApplicantFormDialog open={formOpen} onClose={() => setFormOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
