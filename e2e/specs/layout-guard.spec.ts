/**
 * The layout guard (ADR 022): every route of the app (layout-guard.routes.ts, kept
 * complete by apps/web's layout-guard-routes.test.ts), signed out and signed in, in Korean,
 * Japanese and English, at 360, 390 and 430 px, on the seed's messiest data (the salon with the
 * most designers, the longest names and credits: fixtures/layout.ts). A screen fails when
 * - the page scrolls sideways (document scrollWidth > clientWidth);
 * - something sticks out of the screen's sides where no sideways scroller lets a person reach
 *   it (content cut off at the edge, like a credit line under a sheet's edge);
 * - the bottom navigation, where the screen has one, is not wholly inside the viewport;
 * - the screen's primary action, scrolled into view, is not wholly inside the viewport or is
 *   covered (by the tab bar, a fixed bar);
 * - a text marked `data-single-line` (the header's language chip, the booking steps, ...) wraps.
 * One page per route and language: the widths are checked by resizing, not reloading.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { catalogs } from '@carol/i18n';
import type { E2eLayoutWorld } from '../fixtures/layout.js';
import type { E2eMypageWorld } from '../fixtures/mypage.js';
import type { E2eRecordsWorld } from '../fixtures/records.js';
import { readMember } from '../fixtures/member.js';
import { e2eDataDir, e2ePort } from '../fixtures/env.js';
import {
  guardKeyword,
  guardRoutes,
  type GuardContext,
  type GuardLanguage,
  type GuardPrimary,
  type GuardStep,
  type GuardVisit,
} from './layout-guard.routes.js';

const languages: GuardLanguage[] = ['ko', 'ja', 'en'];
const widths = [360, 390, 430];
const height = 780;

const readJson = <T>(name: string) => JSON.parse(readFileSync(join(e2eDataDir, name), 'utf8')) as T;

/** Korean in the Korean market; Japanese and English in the Japanese one (its longer names). */
const serverOf = (language: GuardLanguage) => (language === 'ko' ? 'kr' : 'jp');

/**
 * The app's persisted common store (apps/web/src/lib/stores/common.store.ts), written before the
 * app's scripts run on the first load after `chooseLanguage` (no extra page load per language):
 * the wanted state rides in a cookie the init script reads.
 */
async function prepareLanguages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const wanted = /(?:^|; )guard_state=([^;]*)/.exec(document.cookie)?.[1];
    if (!wanted || sessionStorage.getItem('guard_state') === wanted) return;
    localStorage.clear();
    sessionStorage.clear();
    sessionStorage.setItem('guard_state', wanted);
    localStorage.setItem(
      'carol-common',
      JSON.stringify({ state: JSON.parse(decodeURIComponent(wanted)) as unknown, version: 1 }),
    );
  });
}

async function chooseLanguage(
  context: BrowserContext,
  language: GuardLanguage,
  member: { memberId: number; token: string } | null,
): Promise<void> {
  const url = `http://127.0.0.1:${e2ePort}`;
  const state = {
    language,
    server: serverOf(language),
    ...(member ? { loginID: member.memberId, loginFlag: true } : {}),
  };
  await context.clearCookies();
  await context.addCookies([
    { name: 'guard_state', value: encodeURIComponent(JSON.stringify(state)), url },
    ...(member
      ? [{ name: 'carol_sid', value: member.token, url, httpOnly: true, sameSite: 'Lax' as const }]
      : []),
  ]);
}

/** Waits for the screen to be drawn: its main landmark, no busy region, the fonts. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page
    .waitForFunction(
      () =>
        document.querySelector('main, [data-testid="mirror"], h1') !== null &&
        document.querySelector('[aria-busy="true"], [data-testid="loading-bar"]') === null,
      undefined,
      { timeout: 8_000 },
    )
    .catch(() => undefined);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

async function clickByName(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click({ timeout: 10_000 });
}

/** Booking step 1: the first open day with a free time, and that time. */
async function pickDateAndTime(page: Page, c: GuardContext): Promise<void> {
  await page.locator('button[data-date]').first().waitFor({ state: 'attached' });
  const days = page.locator('button[data-date]:not([aria-hidden]):not([disabled])');
  const count = await days.count();
  // Today last: late in the evening its last free time can expire between the pick and Next
  // (the step clears it and Next stays disabled; CI at 19:20 KST timed out on the check step).
  const order = [...Array.from({ length: count }, (_, i) => i).slice(1), 0].slice(0, count);
  for (const i of order) {
    await days.nth(i).click();
    const time = page.locator('button[data-time]:not([disabled])').first();
    await page
      .locator('button[data-time], main [role="status"], main p')
      .first()
      .waitFor()
      .catch(() => undefined);
    await settle(page);
    if ((await time.count()) > 0) {
      await time.click();
      return;
    }
  }
  throw new Error(`no free time this month at salon ${c.market.busiestShopId}`);
}

async function runStep(page: Page, step: GuardStep, c: GuardContext): Promise<void> {
  if (step === 'typeKeyword') {
    const field = page.locator('main input[type="search"]').first();
    await field.fill(guardKeyword[c.language]);
    await field.press('Enter');
    await settle(page);
    return;
  }
  await pickDateAndTime(page, c);
  if (step === 'pickDateAndTime') return;
  await clickByName(page, c.catalog.booking.first.nextLabel);
  await page.waitForURL(/\/reservation\/second$/);
  const designer = page.locator('main button[aria-pressed]:not([disabled])').first();
  await designer.waitFor();
  await settle(page);
  if (step === 'toBookingSecond') return;
  await designer.click();
  await page.locator('main input[type="checkbox"]').first().check();
  await clickByName(page, c.catalog.booking.second.save);
  await page.waitForURL(/\/reservation\/check$/);
  await settle(page);
}

interface Offender {
  what: string;
  left: number;
  right: number;
}

interface Measure {
  scrollWidth: number;
  clientWidth: number;
  /** Elements sticking out of the sides with no sideways scroller to reach them. */
  outside: Offender[];
  /** The bottom navigation's box when the screen has one. */
  nav: { left: number; right: number; top: number; bottom: number } | null;
  /** `data-single-line` texts that wrapped. */
  wrapped: string[];
}

/** Measures the page as it stands (runs in the browser). */
function measure({ navLabel, stepsLabel }: { navLabel: string; stepsLabel: string }): Measure {
  const root = document.documentElement;
  const width = root.clientWidth;
  const describe = (el: Element) => {
    const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/)[0] : '';
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${el.tagName.toLowerCase()}${cls ? ` class="${cls}"` : ''}>${text ? ` "${text}"` : ''}`;
  };
  /**
   * Inside a sideways scroller (a row of cards or chips: a scrolling box laying out a row) the
   * person swipes to it: not cut off. A box that scrolls up and down (a sheet, a dialog) also
   * scrolls sideways once its content is too wide, but nobody looks there: that is cut off.
   */
  const laysOutARow = (el: Element) => {
    const { display, flexDirection, flexWrap, gridAutoFlow } = getComputedStyle(el);
    if (display.includes('flex')) return flexDirection.startsWith('row') && flexWrap === 'nowrap';
    return display.includes('grid') && gridAutoFlow.startsWith('column');
  };
  const scrollsSideways = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const { overflowX } = getComputedStyle(p);
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
      if (laysOutARow(p) || (p.firstElementChild && laysOutARow(p.firstElementChild))) return true;
    }
    return false;
  };
  const outside: Offender[] = [];
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.right <= width + 1 && box.left >= -1) continue;
    // The loading bar slides across its clipping track by design.
    if (el.closest('[data-testid="loading-bar"]')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.opacity === '0') continue;
    // Only the outermost offender of a subtree: its children stick out with it.
    const parent = el.parentElement?.getBoundingClientRect();
    if (
      parent &&
      (parent.right > width + 1 || parent.left < -1) &&
      el.parentElement !== document.body
    )
      continue;
    if (scrollsSideways(el)) continue;
    outside.push({ what: describe(el), left: Math.round(box.left), right: Math.round(box.right) });
  }
  const navEl = [...document.querySelectorAll('nav')].find(
    (n) => n.getAttribute('aria-label') === navLabel,
  );
  const navBox = navEl?.getBoundingClientRect();
  // Texts that must stay on one line: marked in the markup, plus (so that screens from before
  // the mark are judged too) the header's language chip and the booking step labels.
  const wrapped: string[] = [];
  const oneLine = document.querySelectorAll(
    `[data-single-line], header button[aria-haspopup="dialog"] > span, ol[aria-label="${stepsLabel}"] > li`,
  );
  for (const el of oneLine) {
    const bottoms = new Set<number>();
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 0) bottoms.add(Math.round(r.bottom));
    }
    if (bottoms.size > 1) wrapped.push(`${describe(el)} on ${bottoms.size} lines`);
  }
  // Texts that must be read in full where there is room: the place on /find's location chip
  // (it showed "서울…" in Korean and nothing in Japanese).
  for (const el of document.querySelectorAll('[data-testid="location-chip"] > span')) {
    if (el.scrollWidth > el.clientWidth + 1 && (el.textContent ?? '').length < 24)
      wrapped.push(`${describe(el)} cut to ${el.clientWidth} of ${el.scrollWidth} px`);
  }
  return {
    scrollWidth: root.scrollWidth,
    clientWidth: width,
    outside,
    nav:
      navBox && navBox.width > 0
        ? { left: navBox.left, right: navBox.right, top: navBox.top, bottom: navBox.bottom }
        : null,
    wrapped,
  };
}

/** Scrolls the primary action into view: it must then lie inside the viewport, uncovered. */
async function checkPrimary(page: Page, primary: GuardPrimary, c: GuardContext) {
  const target =
    'selector' in primary
      ? page.locator(primary.selector).first()
      : page.getByRole(primary.role, { name: primary.name(c.catalog), exact: true }).first();
  if ((await target.count()) === 0) {
    const name = 'selector' in primary ? primary.selector : primary.name(c.catalog);
    return `primary action ${JSON.stringify(name)} not on the screen`;
  }
  // As a person scrolls to it: into the middle of the screen, as far as the page scrolls.
  await target.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }));
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const inside = box.left >= -1 && box.right <= vw + 1 && box.top >= -1 && box.bottom <= vh + 1;
    const where = `left ${Math.round(box.left)}, right ${Math.round(box.right)}, top ${Math.round(box.top)}, bottom ${Math.round(box.bottom)} in ${vw}×${vh}`;
    if (!inside)
      return `primary action "${el.textContent?.trim()}" outside the viewport (${where})`;
    const hit = document.elementFromPoint(
      Math.min(box.left + box.width / 2, vw - 1),
      Math.min(box.top + box.height / 2, vh - 1),
    );
    if (hit && !el.contains(hit) && !hit.contains(el))
      return `primary action "${el.textContent?.trim()}" covered by <${hit.tagName.toLowerCase()} class="${String(hit.className)}"> (${where})`;
    return null;
  });
}

async function judge(page: Page, visit: GuardVisit, c: GuardContext): Promise<string[]> {
  const problems: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height });
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const m = await page.evaluate(measure, {
      navLabel: c.catalog.nav.label,
      stepsLabel: c.catalog.screens.reservationSteps.label,
    });
    const at = `${width} px`;
    if (m.scrollWidth > m.clientWidth)
      problems.push(
        `${at}: the page scrolls sideways (scrollWidth ${m.scrollWidth} > ${m.clientWidth})`,
      );
    for (const o of m.outside.slice(0, 8))
      problems.push(`${at}: sticks out (left ${o.left}, right ${o.right}): ${o.what}`);
    if (
      m.nav &&
      (m.nav.left < -1 ||
        m.nav.right > m.clientWidth + 1 ||
        m.nav.top < 0 ||
        m.nav.bottom > height + 1)
    )
      problems.push(
        `${at}: bottom navigation outside the viewport (left ${Math.round(m.nav.left)}, right ${Math.round(m.nav.right)}, bottom ${Math.round(m.nav.bottom)})`,
      );
    for (const w of m.wrapped) problems.push(`${at}: not on one line or cut: ${w}`);
    if (visit.primary) {
      const problem = await checkPrimary(page, visit.primary, c);
      if (problem) problems.push(`${at}: ${problem}`);
      await page.evaluate(() => window.scrollTo(0, 0));
    }
  }
  return problems;
}

const layout = () => readJson<E2eLayoutWorld>('layout.json');
const mypage = () => readJson<E2eMypageWorld>('mypage.json');
const records = () => readJson<E2eRecordsWorld>('records.json');

test.describe('layout guard', () => {
  test.describe.configure({ mode: 'parallel', timeout: 120_000 });

  for (const route of guardRoutes) {
    for (const who of route.who) {
      for (const visit of route.visits) {
        test(`${visit.label} — ${route.pattern} — signed ${who}`, async ({ page, context }) => {
          const picks = layout();
          const members = mypage();
          const problems: string[] = [];
          await prepareLanguages(page);
          for (const language of languages) {
            const server = serverOf(language);
            const mypageMember =
              who === 'in' ? (language === 'ko' ? members.ko : members.ja) : null;
            const member = who === 'in' && route.member === 'records' ? readMember() : mypageMember;
            await chooseLanguage(context, language, member);
            const c: GuardContext = {
              language,
              server,
              market: picks[server],
              bookingId: mypageMember ? mypageMember.next.bookingId : 0,
              recordsShopId: records().linkedShop.shopId,
              catalog: catalogs[language],
            };
            await page.setViewportSize({ width: widths[1]!, height });
            await page.goto(visit.url(c));
            await settle(page);
            if (visit.step) await runStep(page, visit.step, c);
            for (const p of await judge(page, visit, c))
              problems.push(`[${language}] ${new URL(page.url()).pathname}: ${p}`);
          }
          expect(problems, `${visit.label} (signed ${who}):\n${problems.join('\n')}`).toEqual([]);
        });
      }
    }
  }
});
