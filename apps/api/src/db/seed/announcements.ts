import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { admins, announcements, students } from '../schema/index.js';
import { create as createAnnouncement } from '../../modules/announcements/announcements.service.js';
import { publish } from '../../modules/notifications/notifications.service.js';

/**
 * Announcements (issue 25): a current announcement to all students (one type-6 audience item,
 * unread for each of them), and for DIT/2024/0005 one more unread type-6 item of their own.
 * Idempotent: made only when the announcement is missing.
 */
export const DEMO_ANNOUNCEMENT_TITLE = 'Welcome to the new semester';

export async function seedAnnouncements(db: Db): Promise<void> {
  const [existing] = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(eq(announcements.title, DEMO_ANNOUNCEMENT_TITLE))
    .limit(1);
  if (existing) return;
  const [admin] = await db
    .select({ id: admins.id, email: admins.email })
    .from(admins)
    .where(eq(admins.email, 'admin@demo.edu.ng'));
  if (!admin) return;
  await createAnnouncement(
    db,
    { adminId: admin.id, email: admin.email },
    {
      Title: DEMO_ANNOUNCEMENT_TITLE,
      Body: '<p>Lectures begin on Monday. Check your <b>course registration</b> and timetable before then.</p>',
      Audience: 'students',
    },
  );
  const [student] = await db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.matricNo, 'DIT/2024/0005'));
  if (student)
    await publish(db, {
      type: 'announcements',
      recipientKind: 'Student',
      recipientIds: [student.id],
      title: 'Your hostel application window opens this week',
      link: '/student/dashboard',
    });
}
