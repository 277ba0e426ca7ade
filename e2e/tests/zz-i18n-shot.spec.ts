import { DEMO, portal, signIn, test } from '../fixtures';
test('shot', async ({ page }) => {
  await signIn(page, 'admin', DEMO.admin);
  await page.goto(portal('/admin/dashboard'));
  await page.waitForTimeout(4000);
  await page.screenshot({ path: '/tmp/i18n-dash.png', fullPage: true });
});
