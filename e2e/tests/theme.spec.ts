import { atPortal, chooseLanguage, DEMO, expect, portal, signIn, test } from '../fixtures';

test('Arabic turns the layout right-to-left, and stays after a reload', async ({ page }) => {
  await page.goto(portal('/AdminSignin'));
  await chooseLanguage(page, 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Admin Login');

  // Signed in, the sidebar sits on the right.
  await signIn(page, 'admin', DEMO.admin);
  const sidebar = page.getByRole('navigation').first();
  const box = (await sidebar.boundingBox())!;
  expect(box.x).toBeGreaterThan(640);

  // Back to English from the customiser (its button is named in Arabic now).
  await page.getByRole('button', { name: 'إعدادات السمة' }).click();
  await chooseLanguage(page, 'English');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Theme settings' })).toBeVisible();
});

test('dark theme and a theme colour survive a reload', async ({ page }) => {
  await signIn(page, 'student', DEMO.student);
  await page.getByRole('button', { name: 'Theme settings' }).click();
  const customiser = page.getByRole('dialog', { name: 'Theme Settings' });
  await customiser.getByLabel('Dark theme').check();
  await customiser.getByRole('radio', { name: 'Dark Green' }).check();
  await customiser.getByRole('button', { name: 'Close' }).click();

  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const headerColour = () =>
    page
      .locator('header')
      .first()
      .evaluate((header) => getComputedStyle(header).backgroundColor);
  expect(await background()).toBe('rgb(18, 18, 18)');
  const darkVariantHeader = await headerColour();

  await page.reload();
  await expect(page).toHaveURL(atPortal('/student/dashboard'));
  expect(await background()).toBe('rgb(18, 18, 18)');
  expect(await headerColour()).toBe(darkVariantHeader);
  await page.getByRole('button', { name: 'Theme settings' }).click();
  await expect(page.getByRole('radio', { name: 'Dark Green' })).toBeChecked();
});

test('drawer types and horizontal navigation', async ({ page }) => {
  await signIn(page, 'applicant', DEMO.applicant);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toBeVisible();
  expect((await menu.boundingBox())!.width).toBeGreaterThan(200);

  await page.getByRole('button', { name: 'Theme settings' }).click();
  const customiser = page.getByRole('dialog', { name: 'Theme Settings' });

  // Collapsed: the sidebar is an overlay opened from the header.
  await customiser.getByRole('radio', { name: 'Collapsed' }).check();
  await customiser.getByRole('button', { name: 'Close' }).click();
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Payment History' }).click();
  await expect(page).toHaveURL(atPortal('/applicant/paymenthistory'));
  await expect(menu).toBeHidden();

  // Mini: a narrow rail of icons.
  await page.getByRole('button', { name: 'Theme settings' }).click();
  await customiser.getByRole('radio', { name: 'Mini' }).check();
  await customiser.getByRole('button', { name: 'Close' }).click();
  await page.mouse.move(1200, 600);
  await expect(menu).toBeVisible();
  await expect.poll(async () => (await menu.boundingBox())!.width).toBeLessThan(80);

  // Horizontal navigation below the header.
  await page.getByRole('button', { name: 'Theme settings' }).click();
  await customiser.getByRole('radio', { name: 'Horizontal' }).check();
  await customiser.getByRole('radio', { name: 'Below the header' }).check();
  await customiser.getByRole('button', { name: 'Close' }).click();
  const bar = page.getByRole('navigation', { name: 'Main menu' });
  await expect(bar.getByRole('link', { name: 'Bio-Data' })).toBeVisible();
  const header = (await page.locator('header').first().boundingBox())!;
  expect((await bar.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1);

  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Bio-Data' }),
  ).toBeVisible();
});
