import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox'] });
const ctx = await b.newContext({ baseURL: 'http://localhost:3999', locale: 'de-DE', viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 2, serviceWorkers: 'block' });
const r = await fetch('http://localhost:3999/api/auth/sign-in', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost:3999' }, body: JSON.stringify({ email: process.argv[2], password: 'demo1234' }) });
const cookies = r.headers.getSetCookie().map(c => { const [nv] = c.split(';'); const i = nv.indexOf('='); return { name: nv.slice(0,i), value: nv.slice(i+1), url: 'http://localhost:3999' }; });
await ctx.addCookies(cookies);
const p = await ctx.newPage();
await p.addInitScript(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__shifts.push({ value: e.value, t: Math.round(e.startTime), sources: (e.sources||[]).map(s => (s.node ? (s.node.nodeName + '.' + (s.node.className||'').toString().slice(0,60) + ' ' + (s.node.textContent||'').slice(0,40)) : '?') + ' ' + JSON.stringify(s.previousRect) + '->' + JSON.stringify(s.currentRect)) }); }).observe({ type: 'layout-shift', buffered: true });
});
const cdp = await ctx.newCDPSession(p);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await p.goto(process.argv[3], { waitUntil: 'networkidle' });
await p.waitForTimeout(2000);
console.log(JSON.stringify(await p.evaluate(() => window.__shifts), null, 1));
await b.close();
