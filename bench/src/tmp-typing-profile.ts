import { readFileSync } from 'node:fs';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:8081';
const dist = process.argv[3] ?? '/tmp/web-map';
const queries = ['tra','foo','cof','fit','bea','nat','pho','lov','mus','art','yog','cat','dog','sun','wed','bab','gam','tec','car','boo'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.addInitScript(() => { localStorage.setItem('hasAcceptedCookies','true'); localStorage.setItem('firstTimeUser','false'); localStorage.setItem('showGuide','false'); });
await page.goto(`${base}/try`);
const box = page.getByRole('textbox', { name: 'Search text' });
await box.waitFor();
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
const phase = process.env.PHASE ?? 'first';
const profiles: any[] = [];
for (const query of queries) {
  await box.fill('');
  await page.waitForTimeout(600);
  await cdp.send('Profiler.start');
  await page.evaluate((text) => new Promise<void>((resolve) => {
    const input = document.querySelector<HTMLInputElement>('input[aria-label="Search text"]')!;
    const observer = new MutationObserver(() => {
      const first = document.querySelector('[data-testid="result-row"] a');
      if (first?.textContent?.startsWith(`#${text}`)) { observer.disconnect(); requestAnimationFrame(() => resolve()); }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setValue.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }), query);
  if (phase === 'all') await page.waitForTimeout(600);
  profiles.push((await cdp.send('Profiler.stop')).profile);
}
const profile = { nodes: profiles.flatMap((p, i) => p.nodes.map((n: any) => ({ ...n, id: n.id + i * 1e6, children: n.children?.map((c: number) => c + i * 1e6) }))), samples: profiles.flatMap((p, i) => p.samples.map((s: number) => s + i * 1e6)), timeDeltas: profiles.flatMap((p) => p.timeDeltas) };
await browser.close();
const maps = new Map<string, TraceMap | null>();
const mapOf = (url: string) => {
  if (!maps.has(url)) {
    const file = url.split('/assets/')[1];
    try { maps.set(url, file ? new TraceMap(readFileSync(`${dist}/assets/${file}.map`, 'utf8')) : null); } catch { maps.set(url, null); }
  }
  return maps.get(url);
};
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples!.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas![i] ?? 0)));
const bucket = new Map<string, number>();
const fnBucket = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id)!;
  const { url, lineNumber, columnNumber, functionName } = node.callFrame;
  let key = functionName.startsWith('(') ? functionName : url ? 'other' : '(native) ' + functionName;
  let fn = functionName;
  const map = url ? mapOf(url) : null;
  if (map) {
    const pos = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
    if (pos.source) {
      const s = pos.source.replace(/^(\.\.\/)+/, '');
      const m = s.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
      key = m ? m[1]! : s.replace(/\/[^/]+$/, '');
      fn = `${pos.name ?? functionName} ${s.replace(/.*node_modules\//, '')}:${pos.line}`;
    }
  }
  if (key === '(idle)' || key === '(program)') continue;
  if (!url && !functionName.startsWith('(') && functionName !== '') { /* native */ }
  bucket.set(key, (bucket.get(key) ?? 0) + us);
  fnBucket.set(fn, (fnBucket.get(fn) ?? 0) + us);
}
const total = [...bucket.values()].reduce((a, b) => a + b, 0);
console.log(`busy ${(total / 1000).toFixed(0)} ms over ${queries.length} queries`);
for (const [k, us] of [...bucket].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${(us / 1000).toFixed(0).padStart(6)} ${k}`);
console.log('--- functions');
for (const [k, us] of [...fnBucket].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${(us / 1000).toFixed(0).padStart(6)} ${k}`);
