import { createRegisteredApplicant, demoAdmin } from '../support/admissions';
import { expect, readLatestMail, signIn, test } from '../fixtures';

const REASON = 'Your UTME score is below the cut-off mark for Computer Science.';

test('a rejected applicant sees the decision and the reason on the dashboard, and is e-mailed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await demoAdmin();
  const applicant = await createRegisteredApplicant(admin);
  const rejectedAt = Date.now();
  await admin.post('/api/admin/applications/reject', { ids: [applicant.id], reason: REASON });

  const mail = await readLatestMail(applicant.email, { since: rejectedAt });
  expect(mail.text).toContain(`Reason: ${REASON}`);

  await signIn(page, 'applicant', applicant.jambRegNo, applicant.password);
  await expect(page.getByText('Your application for admission was not successful.')).toBeVisible();
  await expect(page.getByText(`Reason: ${REASON}`)).toBeVisible();
  await expect(page.getByText('Your application is being reviewed!')).toHaveCount(0);
});
