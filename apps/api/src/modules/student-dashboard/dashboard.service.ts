import { STATUS, type RegistrationState, type StudentDashboard } from '@portal/contracts';
import type { AuthContext } from '../../platform/auth.js';
import { registrationCard, registrationSemester } from '../courses/registration.service.js';
import { studentHostelCard } from '../hostels/hostels.service.js';
import { schoolFeesStanding, schoolFeesStandingAndReceipts } from '../payments/payments.service.js';
import { resultsOf } from '../results/standing.service.js';
import {
  ownAreaSummary,
  ownStudentWithUploadKinds,
  type StudentsDeps,
} from '../students/students.service.js';

/**
 * The student's dashboard sits above the modules whose cards it shows (courses, hostels,
 * results, the student's own area) and reads each through its service; none of them imports it.
 */

/** Documents issued within this many days count as new on the dashboard. */
const NEW_DOCUMENT_DAYS = 30;

type StudentRow = Awaited<ReturnType<typeof ownStudentWithUploadKinds>>['student'];
type FeesAndReceipts = ReturnType<typeof schoolFeesStandingAndReceipts>;

/**
 * The school-fees standing read once per session for the whole dashboard (two cards ask for it at
 * once), priced from the student's row the dashboard has already read; the standing of `read`'s
 * session is the one read with the receipts.
 */
function onceEachSession(
  student: StudentRow,
  read: { sessionId: number; fees: FeesAndReceipts } | null,
): typeof schoolFeesStanding {
  const seen = new Map<string, ReturnType<typeof schoolFeesStanding>>();
  return (db, studentId, sessionId) => {
    const key = `${studentId}:${sessionId}`;
    const known = seen.get(key);
    if (known) return known;
    const standing =
      read && studentId === student.id && sessionId === read.sessionId
        ? read.fees.then((f) => f.standing)
        : schoolFeesStanding(db, studentId, sessionId, studentId === student.id ? student : undefined);
    seen.set(key, standing);
    return standing;
  };
}

/**
 * GET /api/student/dashboard: what the student must do next, each card read from the service of its
 * page (course registration, hostel, results), in parallel.
 */
export async function getDashboard(deps: StudentsDeps, auth: AuthContext | null) {
  // The student's row and uploads in one read; the registration's semester is reference data.
  const [{ student, uploadKinds }, opensOn] = await Promise.all([
    ownStudentWithUploadKinds(deps, auth),
    registrationSemester(deps.db),
  ]);
  const since = new Date(Date.now() - NEW_DOCUMENT_DAYS * 86_400_000).toISOString();
  // The fee standing of the registration's session and the receipts: one read, for three cards.
  const sessionId = opensOn?.sessionId ?? null;
  const fees = schoolFeesStandingAndReceipts(deps.db, student, sessionId);
  const standingOf = onceEachSession(student, sessionId === null ? null : { sessionId, fees });
  // The cards' services take the student's row read above instead of reading it again.
  const [ownArea, registration, hostel, results] = await Promise.all([
    ownAreaSummary(
      deps,
      student,
      since,
      uploadKinds,
      fees.then((f) => f.receipts),
    ),
    registrationCard(deps.db, student.id, standingOf, student, opensOn),
    studentHostelCard(deps.db, student.id, standingOf, { ...student, level: student.levelName }),
    resultsOf(deps.db, student.id),
  ]);
  const { semester, state } = registration;
  const data: StudentDashboard = {
    CurrentSession: ownArea.currentSession,
    CourseRegistration: {
      Open: state === 'open' || state === 'late',
      State: state,
      Semester: semester?.name ?? null,
      Session: semester?.sessionName ?? null,
      OpensOn: semester?.opensOn ?? null,
      ClosesOn: semester?.closesOn ?? null,
      LateClosesOn: semester?.lateClosesOn ?? null,
      Reason: registration.reason,
      Registration: registration.registration && {
        State: registration.registration.state as RegistrationState,
        TotalUnits: registration.registration.totalUnits,
        IsLate: registration.registration.isLate,
      },
    },
    Hostel: hostel,
    // The latest published semesters first.
    Results: results.Semesters.toReversed()
      .slice(0, 2)
      .map((r) => ({ Session: r.Session, Semester: r.Semester, Gpa: r.Gpa })),
    NewDocuments: ownArea.newDocuments,
    UploadsMissing: ownArea.uploadsMissing,
  };
  return { Status: STATUS.ok, Data: data };
}
