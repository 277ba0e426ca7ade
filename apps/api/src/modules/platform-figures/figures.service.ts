import type { PlatformFigures } from '@portal/contracts';
import type { SessionService } from '../../platform/auth.js';
import type { Exec } from '../../platform/db.js';
import { INSTITUTION_UTC_OFFSET, institutionToday } from '../../platform/time.js';
import { assignmentFigures } from '../assignments/figures.service.js';
import { examFigures } from '../cbt/figures.service.js';
import { contentFigures } from '../content/figures.service.js';
import { liveClassFigures } from '../liveclasses/figures.service.js';
import { paymentFigures } from '../payments/figures.service.js';
import * as repo from './figures.repository.js';

const DAY = 86_400_000;

/** The last `n` days of the institution's calendar, oldest first, ending today. */
function lastDays(today: string, n: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(end - (n - 1 - i) * DAY).toISOString().slice(0, 10));
}

/** A series over the given days, a day without a row counting 0. */
const series = (days: readonly string[], rows: readonly { date: string; count: number }[]) => {
  const byDay = new Map(rows.map((r) => [r.date, r.count]));
  return days.map((d) => ({ Date: d, Count: byDay.get(d) ?? 0 }));
};

/**
 * The learning platform at a glance (issue 28): each part read through its own module's service,
 * over the last 30 days of the institution's calendar (payments: today).
 */
export async function platformFigures(
  db: Exec,
  sessions: SessionService,
  now = new Date(),
): Promise<PlatformFigures> {
  const today = institutionToday(now);
  const days = lastDays(today, 30);
  const startOf = (d: string) => new Date(`${d}T00:00:00${INSTITUTION_UTC_OFFSET}`);
  const since30 = startOf(days[0]!);
  const since7 = startOf(days[23]!);
  const [[last7, last30], total, content, assignments, classes, exams, paid] = await Promise.all([
    sessions.signedInSince('Student', [since7, since30]),
    repo.activeStudents(db),
    contentFigures(db, since30),
    assignmentFigures(db, since30, now),
    liveClassFigures(db, since30),
    examFigures(db, since30),
    paymentFigures(db, startOf(today)),
  ]);
  return {
    Today: today,
    ActiveStudents: { Last7Days: last7 ?? 0, Last30Days: last30 ?? 0, Total: total },
    Content: {
      Published: content.published,
      Opened: series(days, content.opened),
      Completed: series(days, content.completed),
    },
    Assignments: {
      Due: assignments.due,
      Expected: assignments.expected,
      OnTime: assignments.onTime,
      Late: assignments.late,
    },
    LiveClasses: {
      Held: classes.held,
      Attendances: classes.attendances,
      Expected: classes.expected,
      Days: days.map((d) => ({
        Date: d,
        Held: classes.days.get(d)?.held ?? 0,
        Attended: classes.days.get(d)?.attended ?? 0,
      })),
    },
    Exams: exams,
    PaymentsToday: {
      Count: paid.reduce((s, h) => s + h.count, 0),
      AmountNaira: paid.reduce((s, h) => s + h.amountNaira, 0),
      ByHour: Array.from({ length: 24 }, (_, hour) => {
        const h = paid.find((p) => p.hour === hour);
        return { Hour: hour, Count: h?.count ?? 0, AmountNaira: h?.amountNaira ?? 0 };
      }),
    },
  };
}
