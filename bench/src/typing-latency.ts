// Typing-to-results latency in the real app: a real browser types a query into the search box and we time
// until the first matching result row is on screen. Includes the 100 ms typing debounce, the API call and
// React's render. Run against a running server: `node --import tsx bench/src/typing-latency.ts http://127.0.0.1:8080`.
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const queries = [
  'tra',
  'foo',
  'cof',
  'fit',
  'bea',
  'nat',
  'pho',
  'lov',
  'mus',
  'art',
  'yog',
  'cat',
  'dog',
  'sun',
  'wed',
  'bab',
  'gam',
  'tec',
  'car',
  'boo',
  'hik',
  'sur',
  'veg',
  'mak',
  'ski',
  'fas',
  'sty',
  'dan',
  'rea',
  'mot',
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
// A returning visitor: cookies accepted, tutorial seen, guide off, so no first-visit overlay covers the box.
await page.addInitScript(() => {
  localStorage.setItem('hasAcceptedCookies', 'true');
  localStorage.setItem('firstTimeUser', 'false');
  localStorage.setItem('showGuide', 'false');
});
await page.goto(`${base}/try`);
const box = page.getByRole('textbox', { name: 'Search text' });
await box.waitFor();

const timings: number[] = [];
for (const query of queries) {
  await box.fill('');
  // Time inside the page: from the input event to the frame that shows a row starting with the query.
  const elapsed = await page.evaluate(
    (text) =>
      new Promise<number>((resolve) => {
        const input = document.querySelector<HTMLInputElement>('input[aria-label="Search text"]')!;
        const started = performance.now();
        const observer = new MutationObserver(() => {
          const first = document.querySelector('[data-testid="result-row"] a');
          if (first?.textContent?.startsWith(`#${text}`)) {
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - started));
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setValue.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }),
    query,
  );
  timings.push(elapsed);
}
await browser.close();

timings.sort((a, b) => a - b);
const at = (p: number) => timings[Math.min(timings.length - 1, Math.floor(p * timings.length))]!.toFixed(0);
console.log(`typing to results, ${timings.length} queries (includes the 100 ms debounce):`);
console.log(`  p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${timings.at(-1)!.toFixed(0)} ms`);
