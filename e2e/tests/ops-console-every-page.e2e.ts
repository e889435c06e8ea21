import type { Page } from 'playwright-core';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP } from '../support/browser';
import { useE2e } from '../support/fixture';
import { deliveredOrder, FAST_DELIVERY } from '../support/orders';
import { mustRunOps } from '../support/ops';
import { saveScreenshot } from '../support/screenshots';
import { CYRA, EMBERWING } from '../support/seed';

const ADMIN = { email: 'admin@ops.example', password: 'admin password for the walk' };
const CHARACTER = { ...EMBERWING, ...CYRA, name: CYRA.role_name };

const { server, browser } = useE2e({
  ownStore: {
    env: { ...FAST_DELIVERY },
    async prepare(dataDir) {
      await mustRunOps('ops', ['add-operator', ADMIN.email, '--role', 'admin'], { DATA_DIR: dataDir }, `${ADMIN.password}\n`);
    },
  },
});

/** Every page of the back office an admin can open, by its address under #/ops/. */
const PAGES = ['orders', 'order', 'attention', 'tickets', 'catalogue', 'catalogue/edit', 'experiments', 'releases', 'operators', 'audit'] as const;

const WORDS = {
  en: { signIn: 'Sign in to the back office', email: 'E-mail address', password: 'Password', button: 'Sign in', nav: 'Back office' },
  ko: { signIn: '백오피스 로그인', email: '이메일 주소', password: '비밀번호', button: '로그인', nav: '백오피스' },
} as const;

/** Waits until a console page has its heading and nothing left loading. */
async function settled(page: Page): Promise<void> {
  await page.locator('.ops-main h1').first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => document.querySelectorAll('.ops-loading').length === 0, undefined, { timeout: 20_000 });
}

/** The first pair of boxes among `selector`'s elements that overlap (by more than a pixel), or null. */
async function overlapping(page: Page, selector: string): Promise<string | null> {
  return page.evaluate((s) => {
    const boxes = [...document.querySelectorAll<HTMLElement>(s)].map((element) => ({ name: element.id || element.textContent?.trim() || element.tagName, box: element.getBoundingClientRect() }));
    for (let a = 0; a < boxes.length; a += 1) {
      for (let b = a + 1; b < boxes.length; b += 1) {
        const [x, y] = [boxes[a]!, boxes[b]!];
        const wide = Math.min(x.box.right, y.box.right) - Math.max(x.box.left, y.box.left);
        const high = Math.min(x.box.bottom, y.box.bottom) - Math.max(x.box.top, y.box.top);
        if (wide > 1 && high > 1) return `${x.name} overlaps ${y.name} by ${Math.round(wide)}×${Math.round(high)} px`;
      }
    }
    return null;
  }, selector);
}

describe.each(['en', 'ko'] as const)('the back office in %s', (lang) => {
  it('has no WCAG 2.2 AA violations on the sign-in page and on every page an admin opens, with one <main>', async () => {
    const order = await deliveredOrder(server.url, CHARACTER, `e2e-walk-${lang}`);
    const page = await (await browser.newContext(DESKTOP)).newPage();
    await page.goto(`${server.url}/?lang=${lang}#/ops`);
    const words = WORDS[lang];
    await page.getByRole('heading', { name: words.signIn }).waitFor({ timeout: 20_000 });
    await expectNoAxeViolations(page, `ops sign-in · ${lang}`);
    await page.getByLabel(words.email).fill(ADMIN.email);
    await page.getByLabel(words.password).fill(ADMIN.password);
    await page.getByRole('button', { name: words.button, exact: true }).click();
    await page.getByRole('navigation', { name: words.nav }).waitFor();

    for (const name of PAGES) {
      const address = name === 'order' ? `orders/${encodeURIComponent(order.order_id)}` : name;
      await page.goto(`${server.url}/?lang=${lang}#/ops/${address}`);
      await settled(page);
      expect({ page: name, mains: await page.locator('main').count() }).toEqual({ page: name, mains: 1 });
      expect({ page: name, lang: await page.evaluate(() => document.documentElement.lang) }).toEqual({ page: name, lang });
      await expectNoAxeViolations(page, `ops ${name} · ${lang}`);
    }
    await page.goto(`${server.url}/?lang=${lang}#/ops/attention`);
    await settled(page);
    if (lang === 'ko') await saveScreenshot(page, 'ops-attention-ko', { fullPage: true });
  });
});

describe('the filters at 1440 px', () => {
  it('lay out every field of Orders and the Audit log side by side without overlapping', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await page.goto(`${server.url}/#/ops`);
    await page.getByRole('heading', { name: WORDS.en.signIn }).waitFor({ timeout: 20_000 });
    await page.getByLabel(WORDS.en.email).fill(ADMIN.email);
    await page.getByLabel(WORDS.en.password).fill(ADMIN.password);
    await page.getByRole('button', { name: WORDS.en.button, exact: true }).click();
    await page.getByRole('navigation', { name: WORDS.en.nav }).waitFor();
    for (const name of ['orders', 'audit']) {
      await page.goto(`${server.url}/#/ops/${name}`);
      await settled(page);
      const fields = await page.locator('.ops-filters :is(input, select, button)').count();
      expect(fields).toBeGreaterThan(4);
      // The boxes of the inputs, selects and buttons: none over another, each inside the filter form.
      expect({ page: name, overlap: await overlapping(page, '.ops-filters :is(input, select, button)') }).toEqual({ page: name, overlap: null });
      expect({ page: name, overlap: await overlapping(page, '.ops-filters > *') }).toEqual({ page: name, overlap: null });
      const outside = await page.evaluate(() => {
        const form = document.querySelector('.ops-filters')!.getBoundingClientRect();
        return [...document.querySelectorAll<HTMLElement>('.ops-filters :is(input, select, button)')]
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return box.left < form.left || box.right > form.right;
          })
          .map((element) => element.id || element.textContent);
      });
      expect({ page: name, outside }).toEqual({ page: name, outside: [] });
      if (name === 'orders') await saveScreenshot(page, 'ops-orders-filters-1440');
    }
  });
});
