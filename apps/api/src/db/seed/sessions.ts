import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { institutionToday } from '../../platform/time.js';
import { academicSessions, semesterRegistrations, semesters } from '../schema/index.js';
import { demoSession } from './demo.js';

/** The demo calendar: the 2024/2025 session's dates, its two semesters and their registration windows. */

export const DEMO_SEMESTERS = [
  { name: '2024/2025 First Semester', term: 'First', startDate: '2024-10-07', endDate: '2025-02-28' },
  { name: '2024/2025 Second Semester', term: 'Second', startDate: '2025-03-17', endDate: '2025-07-31' },
] as const;

/**
 * Registration windows of the two semesters, around the day the demo is installed: the first
 * semester's is open (a week old, closing in five weeks, late registration two weeks more, add/drop
 * until then), the second's opens in four months. Late registration costs ₦5,000.
 */
export function demoRegistrationWindows(today = institutionToday()) {
  const day = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  return [
    { opensOn: day(-7), closesOn: day(35), lateClosesOn: day(49), addDropClosesOn: day(49), isOpen: true },
    {
      opensOn: day(120),
      closesOn: day(148),
      lateClosesOn: day(162),
      addDropClosesOn: day(162),
      isOpen: false,
    },
  ] as const;
}
const LATE_REGISTRATION_FEE_KOBO = 500_000;

/** The session's dates, its two semesters (the first current) and their registration windows. */
export async function seedCalendar(db: Db): Promise<void> {
  const session = await demoSession(db);
  if (!session) return;
  if (!session.startDate || !session.endDate) {
    await db
      .update(academicSessions)
      .set({
        startDate: session.startDate ?? DEMO_SEMESTERS[0].startDate,
        endDate: session.endDate ?? DEMO_SEMESTERS[1].endDate,
      })
      .where(eq(academicSessions.id, session.id));
  }
  const [current] = await db.select({ n: count() }).from(semesters).where(eq(semesters.isCurrent, true));
  await db
    .insert(semesters)
    .values(
      DEMO_SEMESTERS.map((s, i) => ({ ...s, sessionId: session.id, isCurrent: i === 0 && !current?.n })),
    )
    .onConflictDoNothing();
  const semesterRows = await db
    .select()
    .from(semesters)
    .where(
      inArray(
        semesters.name,
        DEMO_SEMESTERS.map((s) => s.name),
      ),
    );
  await db
    .insert(semesterRegistrations)
    .values(
      DEMO_SEMESTERS.map((s, i) => ({
        semesterId: semesterRows.find((r) => r.name === s.name)!.id,
        ...demoRegistrationWindows()[i]!,
        lateFeeKobo: LATE_REGISTRATION_FEE_KOBO,
      })),
    )
    .onConflictDoNothing();
}
