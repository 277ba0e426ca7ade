import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ baseURL: 'http://localhost:8194', locale: 'en-GB' }); const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page); await cdp.send('Performance.enable');
const task = async () => { const { metrics } = await cdp.send('Performance.getMetrics'); const m = Object.fromEntries(metrics.map(x => [x.name, x.value])); return m.TaskDuration; };
await page.goto('/portal/AdminSignin');
await page.locator('#signin-username').fill('admin@demo.edu.ng');
await page.locator('#signin-password').fill('Portal@2025');
await page.locator('form button[type="submit"]').click();
await page.waitForURL(/dashboard/);
const pages = ['/portal/admin/dashboard', '/portal/admin/SummaryofPayments', '/portal/admin/ProspectiveStudent', '/portal/admin/CAPSList', '/portal/admin/faculty', '/portal/admin/AuditTrail'];
for (const path of pages) {
  let t0 = await task(); let w0 = Date.now();
  await page.goto(path); await page.waitForLoadState('networkidle');
  let t1 = await task(); let w1 = Date.now();
  // client-side navigation instead
  await page.evaluate(() => { history.pushState({}, '', '/portal/admin/roles'); dispatchEvent(new PopStateEvent('popstate')); });
  await page.waitForLoadState('networkidle');
  let t2 = await task();
  await page.evaluate((p) => { history.pushState({}, '', p); dispatchEvent(new PopStateEvent('popstate')); }, path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForTimeout(600);
  let t3 = await task(); 
  const r = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  let t4 = await task();
  const r2 = await new AxeBuilder({ page }).options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  let t5 = await task();
  const r3 = await new AxeBuilder({ page }).options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true }, 'color-contrast': { enabled: false } } }).analyze();
  let t6 = await task();
  console.log(path, 'goto', t1.toFixed(2), 'wall', w1-w0, 'spa-nav', (t3-t2).toFixed(2), 'axe', (t4-t3).toFixed(2), 'axe-violations', (t5-t4).toFixed(2), 'axe-no-contrast', (t6-t5).toFixed(2), 'cells', await page.locator('td').count());
}
await browser.close();
