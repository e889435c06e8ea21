import { PHONE } from '../support/browser';
import { waitForRemotePage } from '../support/page-helpers';
import { saveScreenshot } from '../support/screenshots';
import { openTopUp } from '../support/topup';
import { useE2e } from '../support/fixture';

const { server, browser } = useE2e();

const LANGUAGES = [
  { lang: 'en', title: 'Help', question: 'My items have not arrived', email: 'Your e-mail address', message: 'Your message', send: 'Send', badEmail: 'Please enter a valid e-mail address.', sent: 'Message sent', orders: 'My orders', find: 'Find' },
  { lang: 'ko', title: '고객센터', question: '아이템이 도착하지 않았어요', email: '이메일 주소', message: '문의 내용', send: '보내기', badEmail: '올바른 이메일 주소를 입력해 주세요.', sent: '문의가 접수되었습니다', orders: '내 주문', find: '조회' },
  { lang: 'zh', title: '帮助中心', question: '道具还没到账', email: '你的电子邮件地址', message: '留言', send: '发送', badEmail: '请输入有效的电子邮件地址。', sent: '留言已发送', orders: '我的订单', find: '查询' },
] as const;

describe.each(LANGUAGES)('the help page in $lang', ({ lang, title, question, email, message, send, badEmail, sent, orders }) => {
  it('opens from the customer-service button, answers the common questions, takes a message and gives its reference', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await openTopUp(page, server.url, `game_id=18&area=us&lang=${lang}`);
      const button = page.locator('a.customer-service');
      await button.waitFor();
      expect(await button.getAttribute('href')).toBe(`/#/help?game_id=18&area=us&lang=${lang}`);
      // The button opens a new tab; the player lands on the help page in the same language.
      const [help] = await Promise.all([context.waitForEvent('page'), button.click()]);
      await waitForRemotePage(help, '/help');
      expect(await help.getByRole('heading', { level: 1 }).textContent()).toBe(title);

      await help.getByText(question, { exact: true }).click();
      expect(await help.locator('details[data-question="late"]').getAttribute('open')).not.toBeNull();

      // A wrong address is refused beside its field, and the message typed stays.
      const words = `${lang}: 300 Dragon Gems for 1801002 on NA-1 Aurora have not arrived.`;
      await help.getByLabel(email, { exact: true }).fill('mina@example');
      await help.getByLabel(message, { exact: true }).fill(words);
      await help.getByRole('button', { name: send, exact: true }).click();
      await help.getByText(badEmail).waitFor();
      expect(await help.getByLabel(message, { exact: true }).inputValue()).toBe(words);

      await help.getByLabel(email, { exact: true }).fill('mina@example.com');
      await help.getByRole('button', { name: send, exact: true }).click();
      await help.getByRole('heading', { name: sent }).waitFor();
      const reference = (await help.getByTestId('ticket-reference').textContent()) ?? '';
      expect(reference).toMatch(/^T-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
      expect(await help.getByTestId('ticket-sent').textContent()).toContain('mina@example.com');
      if (lang !== 'en') await saveScreenshot(help, `help-${lang}`, { fullPage: true });
      else await saveScreenshot(help, 'help-en', { fullPage: true });

      // The order lookup opens My orders with what was typed.
      const lookup = help.locator('.mo-find');
      await lookup.locator('input').nth(0).fill('TP0000000000000000');
      await lookup.locator('input').nth(1).fill('1801002');
      await lookup.locator('button[type="submit"]').click();
      await waitForRemotePage(help, '/orders');
      expect(await help.getByRole('heading', { level: 1 }).textContent()).toBe(orders);
      expect(await help.locator('.mo-find input').nth(0).inputValue()).toBe('TP0000000000000000');
    } finally {
      await context.close();
    }
  });
});
