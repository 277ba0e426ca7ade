import type { FeePurpose } from '@portal/contracts';
import { lazy, Suspense, type ComponentType } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PageLoading } from '../components/PageLoading';
import { AREA_IDS, AREAS, type AreaId } from '../lib/areas';
import { preloadable, type PreloadableComponent } from '../lib/preloadable';
import { usePrerenderedEdits } from './prerenderedEdits';
import { RequireUser } from './RequireUser';

/**
 * The landing and sign-in pages, each its own chunk: a signed-in page never downloads their forms.
 * They arrive prerendered, and their HTML preloads the chunk beside the entry (scripts/prerender.mjs).
 */
const LandingPage = preloadable(() => import('./pages/LandingPage'));
const SignInPage = preloadable(() => import('./pages/SignInPage'));

/** Downloads the page a prerendered path shows, for main.tsx to hydrate it without suspending. */
export const loadPrerenderedPage = (path: string): Promise<void> =>
  (path === '/' ? LandingPage : SignInPage).preload();

// Everything else downloads when first opened (a signed-in page's frame and screen ahead of the
// first render: `preloadAreaPage`).
const QueryLayout = preloadable(() => import('./providers/QueryLayout'));
const ForgotPasswordPage = lazy(() => import('./pages/ForgotPasswordPage'));
const ConfirmNewPasswordPage = lazy(() => import('./pages/ConfirmNewPasswordPage'));
// The public documents a QR code opens: each its own chunk (they fall back to / without their id).
const ReceiptPage = lazy(() => import('../features/documents/components/ReceiptPage'));
const AdmissionLetterPage = lazy(() => import('../features/documents/components/AdmissionLetterPage'));
const SiwesLetterPage = lazy(() => import('../features/documents/components/SiwesLetterPage'));
const CourseFormPage = lazy(() => import('../features/documents/components/CourseFormPage'));
const ResultVerifyPage = lazy(() => import('../features/documents/components/ResultVerifyPage'));
const HostelSlipPage = lazy(() => import('../features/documents/components/HostelSlipPage'));
const ExamReceiptPage = lazy(() => import('../features/documents/components/ExamReceiptPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

/**
 * One lazy chunk per protected area; each area declares its screens in its own file, and may say
 * how to download a page's screen ahead (`preloadScreen`, by the path under the area).
 */
const AREA_MODULES: Record<
  AreaId,
  () => Promise<{
    default: ComponentType;
    preloadScreen?: (path: string, fees: readonly FeePurpose[]) => Promise<void>;
  }>
> = {
  applicant: () => import('./routes/applicant'),
  admin: () => import('./routes/admin'),
  student: () => import('./routes/student'),
  app: () => import('./routes/app'),
};
const AREA_ROUTES = Object.fromEntries(AREA_IDS.map((id) => [id, preloadable(AREA_MODULES[id])])) as Record<
  AreaId,
  PreloadableComponent<object>
>;

/** The lesson page's path: full screen, outside the student area's frame (routes/lesson.tsx). */
const LESSON_PATH = 'student/lecturenote/:courseId/:sessionId';

/**
 * Downloads a signed-in area page's code before the app first renders (main.tsx): the Query layout,
 * the area's frame and the page's screen, so the first render reaches the screen rather than
 * suspending at each in turn (their files are already on their way: the document preloads them).
 */
export async function preloadAreaPage(
  area: AreaId,
  path: string,
  fees: readonly FeePurpose[] = [],
): Promise<void> {
  // The lesson page is full screen, outside its area's frame.
  if (matchPath({ path: LESSON_PATH }, `/${area}/${path}`)) return;
  const [areaModule] = await Promise.all([
    AREA_MODULES[area](),
    QueryLayout.preload(),
    AREA_ROUTES[area].preload(),
  ]);
  await areaModule.preloadScreen?.(path, fees);
}
/** A student's lesson page, full screen without the area's frame (routes/lesson.tsx). */
const StudentLesson = lazy(() => import('./routes/lesson'));

/**
 * The public pages whose HTML the build renders ahead (src/prerender.tsx, scripts/prerender.mjs): the
 * page paints before the JavaScript has downloaded, which then hydrates it. Each with the module of
 * its lazy page, whose chunk the page's HTML preloads with the entry.
 */
export const PRERENDERED_PAGES = {
  '/': 'src/app/pages/LandingPage.tsx',
  '/ApplicantSignin': 'src/app/pages/SignInPage.tsx',
  '/AdminSignin': 'src/app/pages/SignInPage.tsx',
  '/StudentSignin': 'src/app/pages/SignInPage.tsx',
  '/signin': 'src/app/pages/SignInPage.tsx',
} as const;
export const PRERENDERED_PATHS = Object.keys(PRERENDERED_PAGES) as (keyof typeof PRERENDERED_PAGES)[];

/**
 * The route table of spec section 2. Matching ignores case and a trailing slash, so the e-mailed
 * /confirmnewpassword/ link and /STUDENT both work.
 */
export function AppRoutes() {
  const location = useLocation();
  return (
    <ErrorBoundary key={location.pathname.split('/')[1]}>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/ApplicantSignin" element={<SignInPage area="applicant" />} />
          <Route path="/AdminSignin" element={<SignInPage area="admin" />} />
          <Route path="/StudentSignin" element={<SignInPage area="student" />} />
          <Route path="/signin" element={<SignInPage area="app" />} />
          {AREA_IDS.map((id) => (
            // The bare area path goes to its sign-in page (which moves a signed-in user on to the dashboard).
            <Route key={id} path={id} element={<Navigate to={AREAS[id].signInPath} replace />} />
          ))}

          <Route element={<QueryLayout />}>
            <Route path="/forgotPassword" element={<ForgotPasswordPage />} />
            <Route path="/ConfirmNewPassword" element={<ConfirmNewPasswordPage />} />
            <Route path="/QrCode" element={<ReceiptPage />} />
            <Route path="/paymentreceipt" element={<ReceiptPage />} />
            <Route path="/AdmissionLetter" element={<AdmissionLetterPage />} />
            <Route path="/SiwesLetter" element={<SiwesLetterPage />} />
            <Route path="/CourseForm" element={<CourseFormPage />} />
            <Route path="/ResultVerify" element={<ResultVerifyPage />} />
            <Route path="/HostelSlip" element={<HostelSlipPage />} />
            <Route path="/ExamReceipt" element={<ExamReceiptPage />} />
            <Route
              path={LESSON_PATH}
              element={
                <RequireUser area="student">
                  <StudentLesson />
                </RequireUser>
              }
            />
            {AREA_IDS.map((id) => {
              const Area = AREA_ROUTES[id];
              return (
                <Route
                  key={id}
                  path={`${id}/*`}
                  element={
                    <RequireUser area={id}>
                      <Area />
                    </RequireUser>
                  }
                />
              );
            })}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
        <PrerenderedEdits />
      </Suspense>
    </ErrorBoundary>
  );
}

function PrerenderedEdits() {
  usePrerenderedEdits();
  return null;
}
