import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
const email = `probe.${Date.now()}@pearl.example`;
await page.goto('http://127.0.0.1:8099/register');
await page.locator('#register_emailAdr').fill(email);
await page.getByRole('button', { name: /send code/i }).click();
let code = '';
for (let i = 0; i < 50 && !code; i++) {
  const res = await (await fetch(`http://127.0.0.1:8099/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  code = /(?:code|验证码)\s*[:：]\s*([A-Z2-9]{4})/i.exec(res.data.list[0]?.text ?? '')?.[1] ?? '';
  if (!code) await new Promise((r) => setTimeout(r, 100));
}
await page.locator('#register_emailCode').fill(code);
await page.getByRole('button', { name: /^next$/i }).first().click();
await page.waitForTimeout(800);
console.log('errors after next', await page.locator('.ant-form-item-explain-error').count());
await browser.close();
