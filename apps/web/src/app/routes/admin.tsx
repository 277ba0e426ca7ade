import {
  APP_AREA_PAGES,
  REGISTRY_SPECS,
  adminPageLabelId,
  adminPagePath,
  type PageEntry,
} from '@portal/contracts';
import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import Dashboard from '@mui/icons-material/Dashboard';
import Lock from '@mui/icons-material/Lock';
import Person from '@mui/icons-material/Person';
import { lazy, useMemo, type ReactNode } from 'react';
import { Route } from 'react-router';
import { RequireAdminPage } from '../../features/admin/components/RequireAdminPage';
import { useAppState, useSessionUser } from '../../lib/session';
import { AdminMenuIcon } from '../shell/AdminMenuIcon';
import { AreaShell } from '../shell/AreaShell';
import { useNotificationCounts } from '../shell/notificationCounts';
import { link, type NavGroup, type NavItem } from '../shell/nav';
import type { ProfileEntry } from '../shell/ProfileMenu';
import type { MessageId } from '../../i18n/locales';

export { adminPagePath };

/** Home, one group per menu of the admin's pages (Data5 of the sign-in answer), then Change Password. */
export function adminNav(pages: readonly PageEntry[]): NavItem[] {
  const groups = new Map<number, NavGroup>();
  for (const page of pages) {
    let group = groups.get(page.Menu_Id);
    if (!group) {
      group = {
        kind: 'group',
        key: `menu-${page.Menu_Id}`,
        label: { id: `adminMenu.${page.Menu_Id}` as MessageId, text: page.Menu_Name },
        icon: <AdminMenuIcon name={page.Menu_Icon} />,
        children: [],
      };
      groups.set(page.Menu_Id, group);
    }
    group.children.push(
      link(
        { id: adminPageLabelId(page.Page) as MessageId, text: page.Page },
        adminPagePath(page.Page),
        <FiberManualRecord sx={{ fontSize: 8, mx: 1 }} />,
      ),
    );
  }
  return [
    link({ id: 'admin.nav.home' }, '/admin/dashboard', <Dashboard />),
    ...groups.values(),
    link({ id: 'nav.changePassword' }, '/admin/changepassword', <Lock />),
  ];
}

const ChangePasswordScreen = lazy(() => import('../../features/account/components/ChangePasswordScreen'));
const AdminDashboard = lazy(() => import('../../features/admin/components/AdminDashboard'));
const RolesScreen = lazy(() => import('../../features/admin/components/RolesScreen'));
const AdministratorsScreen = lazy(() => import('../../features/admin/components/AdministratorsScreen'));
const ProfileScreen = lazy(() => import('../../features/admin/components/ProfileScreen'));
const AuditTrailScreen = lazy(() => import('../../features/admin/components/AuditTrailScreen'));
const TransactionsScreen = lazy(() => import('../../features/transactions/components/TransactionsScreen'));
const AdmissionSetupScreen = lazy(() => import('../../features/admissions/components/AdmissionSetupScreen'));
const ImportScreen = lazy(() => import('../../features/admissions/components/ImportScreen'));
const ApplicationsScreen = lazy(() => import('../../features/admissions/components/ApplicationsScreen'));
const ScreeningReportScreen = lazy(
  () => import('../../features/admissions/components/ScreeningReportScreen'),
);
const AdmissionPaymentsScreen = lazy(
  () => import('../../features/admissions/components/AdmissionPaymentsScreen'),
);
const ExportScreen = lazy(() => import('../../features/admissions/components/ExportScreen'));
const StudentPaymentsScreen = lazy(() => import('../../features/bursary/components/StudentPaymentsScreen'));
const PaymentHistoryScreen = lazy(() => import('../../features/bursary/components/PaymentHistoryScreen'));
const RevenueScreen = lazy(() => import('../../features/bursary/components/RevenueScreen'));
const SummaryOfPaymentsScreen = lazy(
  () => import('../../features/bursary/components/SummaryOfPaymentsScreen'),
);
const UpdatePaymentSessionScreen = lazy(
  () => import('../../features/bursary/components/UpdatePaymentSessionScreen'),
);
const DebtorsListScreen = lazy(() => import('../../features/payments/components/DebtorsListScreen'));
const RegistryScreen = lazy(() => import('../../features/setup/components/RegistryScreen'));
const StudentFormsScreen = lazy(() => import('../../features/documents/components/StudentFormsScreen'));
// The registry's student pages (issue 12).
const MatriculationScreen = lazy(() => import('../../features/records/components/MatriculationScreen'));
const AddStudentScreen = lazy(() => import('../../features/records/components/AddStudentScreen'));
const StudentAccessScreen = lazy(() => import('../../features/records/components/StudentAccessScreen'));
const StudentEnquiryScreen = lazy(() => import('../../features/records/components/StudentEnquiryScreen'));
const WaecVerifyScreen = lazy(() => import('../../features/records/components/WaecVerifyScreen'));
const SiwesScreen = lazy(() => import('../../features/records/components/SiwesScreen'));
const ApprovalScreen = lazy(() => import('../../features/courses/components/ApprovalScreen'));
const RegisteredCoursesScreen = lazy(
  () => import('../../features/courses/components/RegisteredCoursesScreen'),
);
const CourseListScreen = lazy(() => import('../../features/courses/components/CourseListScreen'));
// Results (issue 14).
const ResultUploadScreen = lazy(() => import('../../features/results/components/ResultUploadScreen'));
const MarkSheetScreen = lazy(() => import('../../features/results/components/MarkSheetScreen'));
const ReviewScreen = lazy(() => import('../../features/results/components/ReviewScreen'));
const ResultSheetScreen = lazy(() => import('../../features/results/components/ResultSheetScreen'));
const ViewResultScreen = lazy(() => import('../../features/results/components/ViewResultScreen'));
const TranscriptScreen = lazy(() => import('../../features/results/components/TranscriptScreen'));
const HostelAllocationScreen = lazy(() => import('../../features/hostels/components/HostelAllocationScreen'));
const HostelAvailabilityScreen = lazy(
  () => import('../../features/hostels/components/HostelAvailabilityScreen'),
);
const ReservedRoomsScreen = lazy(() => import('../../features/hostels/components/ReservedRoomsScreen'));
// Course content (issue 24): the offerings, an offering's content and its preview.
const ManageContentScreen = lazy(() => import('../../features/content/components/ManageContentScreen'));
const AnnouncementsScreen = lazy(() => import('../../features/announcements/components/AnnouncementsScreen'));
const OfferingScreen = lazy(() => import('../../features/content/components/OfferingScreen'));
const AssignmentsAdminScreen = lazy(
  () => import('../../features/assignments/components/AssignmentsAdminScreen'),
);
const OfferingAssignmentsScreen = lazy(
  () => import('../../features/assignments/components/OfferingAssignmentsScreen'),
);
const CoursePreviewScreen = lazy(() => import('../../features/content/components/CoursePreviewScreen'));
// Discussions (issue 25): taking part and moderating, one screen for the three kinds.
const ModerateDiscussionScreen = lazy(
  () => import('../../features/discussions/components/ModerateDiscussionScreen'),
);
// Live classes (issue 26): the offerings and an offering's classes.
const LiveClassroomScreen = lazy(() => import('../../features/liveclasses/components/LiveClassroomScreen'));
const LiveOfferingScreen = lazy(() => import('../../features/liveclasses/components/LiveOfferingScreen'));
// Computer-based tests (issue 27): the offerings, then a course's bank and an offering's exams.
const CbtAdminScreen = lazy(() => import('../../features/cbt/components/CbtAdminScreen'));
const CbtOfferingScreen = lazy(() => import('../../features/cbt/components/CbtOfferingScreen'));
const AllocateReservedRoomScreen = lazy(
  () => import('../../features/hostels/components/AllocateReservedRoomScreen'),
);

/**
 * The registry's pages (packages/contracts/src/registry), generated: each resource's page and the
 * further pages that open it, a child resource under its parent's page, and an upload page opening
 * the import of the resource it names. An /app console page that uses a resource (setup-config: the
 * school's switches) has its own screen there.
 */
const registryRoutes = REGISTRY_SPECS.flatMap((spec) => {
  if (spec.hidden) return [];
  if (spec.parent) return [pageRoute(spec.page, <RegistryScreen name={spec.name} />, ':parentId')];
  return [spec.page, ...(spec.pages ?? [])]
    .filter((page) => !APP_AREA_PAGES.has(page))
    .map((page) =>
      pageRoute(
        page,
        <RegistryScreen key={page} name={spec.name} mode={/upload/i.test(page) ? 'import' : 'list'} />,
      ),
    );
});

/** The route of an admin page (its path from adminPagePath), shown only when the admin's roles grant it. */
function pageRoute(page: string, element: ReactNode, below?: string) {
  const path = adminPagePath(page).slice('/admin/'.length);
  return (
    <Route
      key={below ? `${page}/${below}` : page}
      path={below ? `${path}/${below}` : path}
      element={<RequireAdminPage page={page}>{element}</RequireAdminPage>}
    />
  );
}

/** /admin/*: add the admin screens here as lazy routes (see apps/web/README.md). */
export default function AdminRoutes() {
  const pages = useAppState((s) => s.adminPages);
  const nav = useMemo(() => adminNav(pages), [pages]);
  const isSupport = useSessionUser('adminUser')?.IsSupport ?? false;
  // The support account has no Profile entry.
  const profileEntries: ProfileEntry[] = isSupport
    ? []
    : [{ label: 'nav.profile', icon: <Person fontSize="small" />, to: '/admin/profile' }];

  const { notifications, latest } = useNotificationCounts('admin');
  return (
    <AreaShell
      area="admin"
      nav={nav}
      profileEntries={profileEntries}
      notifications={notifications}
      latestNotifications={latest}
    >
      <Route path="dashboard" element={<AdminDashboard />} />
      <Route path="profile" element={<ProfileScreen />} />
      <Route path="changepassword" element={<ChangePasswordScreen area="admin" />} />
      {pageRoute('roles', <RolesScreen />)}
      {pageRoute('administrators', <AdministratorsScreen />)}
      {pageRoute('AuditTrail', <AuditTrailScreen />)}
      {pageRoute('Transaction', <TransactionsScreen />)}
      {pageRoute('admissiondocument', <AdmissionSetupScreen />)}
      {pageRoute('studentforms', <StudentFormsScreen />)}
      {pageRoute('PostUtmeList', <ImportScreen kind="PostUtmeList" />)}
      {pageRoute('CAPSList', <ImportScreen kind="CAPSList" />)}
      {pageRoute('uploadadmissionlist', <ImportScreen kind="uploadadmissionlist" />)}
      {pageRoute('utmeImages', <ImportScreen kind="utmeImages" />)}
      {pageRoute('allapplications', <ApplicationsScreen page="allapplications" />)}
      {pageRoute('inprogress', <ApplicationsScreen page="inprogress" />)}
      {pageRoute('completed', <ApplicationsScreen page="completed" />)}
      {pageRoute('ScreenAdmission', <ApplicationsScreen page="ScreenAdmission" />)}
      {pageRoute('verifyadmission', <ApplicationsScreen page="verifyadmission" />)}
      {pageRoute('confirmadmission', <ApplicationsScreen page="confirmadmission" />)}
      {pageRoute('rejected', <ApplicationsScreen page="rejected" />)}
      {pageRoute('admissionlist', <ApplicationsScreen page="admissionlist" />)}
      {pageRoute('ProspectiveStudent', <ApplicationsScreen page="ProspectiveStudent" />)}
      {pageRoute('screeningreport', <ScreeningReportScreen />)}
      {pageRoute('admission/payments', <AdmissionPaymentsScreen />)}
      {pageRoute('admission/export', <ExportScreen />)}
      {pageRoute('studentpayments', <StudentPaymentsScreen />)}
      {pageRoute('PaymentHistory', <PaymentHistoryScreen />)}
      {pageRoute('revenue', <RevenueScreen />)}
      {pageRoute('SummaryofPayments', <SummaryOfPaymentsScreen />)}
      {pageRoute('UpdatePaymentSession', <UpdatePaymentSessionScreen />)}
      {pageRoute('matriculation', <MatriculationScreen />)}
      {pageRoute('addnew', <AddStudentScreen />)}
      {pageRoute('studentAccess', <StudentAccessScreen />)}
      {pageRoute('studentenquiry', <StudentEnquiryScreen />)}
      {pageRoute('WAECVerify', <WaecVerifyScreen />)}
      {pageRoute('siwes', <SiwesScreen />)}
      {pageRoute('debtorslist', <DebtorsListScreen />)}
      {pageRoute('courseRegistration', <ApprovalScreen />)}
      {pageRoute('RegisteredCourse', <RegisteredCoursesScreen />)}
      {pageRoute('studentcourselist', <CourseListScreen />)}
      {pageRoute('resultupload', <ResultUploadScreen />)}
      {pageRoute('marksheet', <MarkSheetScreen />)}
      {pageRoute('ReviewResult', <ReviewScreen />)}
      {pageRoute('resultSheet', <ResultSheetScreen />)}
      {pageRoute('viewResult', <ViewResultScreen />)}
      {pageRoute('Transcript', <TranscriptScreen />)}
      {pageRoute('HostelAllocation', <HostelAllocationScreen />)}
      {pageRoute('HostelAvailability', <HostelAvailabilityScreen />)}
      {pageRoute('ReservedRooms', <ReservedRoomsScreen />)}
      {pageRoute('AllocateReservedRoom', <AllocateReservedRoomScreen />)}
      {pageRoute('managecontent', <ManageContentScreen />)}
      {pageRoute('announcement', <AnnouncementsScreen />)}
      {pageRoute('managecontent', <OfferingScreen />, ':courseId/:sessionId')}
      {pageRoute('assignment', <AssignmentsAdminScreen />)}
      {pageRoute('assignment', <OfferingAssignmentsScreen />, ':courseId/:sessionId')}
      {pageRoute('managecontent', <CoursePreviewScreen />, ':courseId/:sessionId/preview')}
      {pageRoute('learningdiscussion', <ModerateDiscussionScreen kind="learning" />)}
      {pageRoute('studentdiscussion', <ModerateDiscussionScreen kind="student" />)}
      {pageRoute('generaldiscussion', <ModerateDiscussionScreen kind="general" />)}
      {pageRoute('LiveClassroom', <LiveClassroomScreen />)}
      {pageRoute('LiveClassroom', <LiveOfferingScreen />, ':courseId/:sessionId')}
      {pageRoute('cbt', <CbtAdminScreen />)}
      {pageRoute('cbt', <CbtOfferingScreen />, ':courseId/:sessionId')}
      {registryRoutes}
    </AreaShell>
  );
}
