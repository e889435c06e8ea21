import { Secret, TOTP } from 'otpauth';
import { DESKTOP } from '../support/browser';
import { useE2e } from '../support/fixture';
import { mustRunOps } from '../support/ops';
import { saveScreenshot } from '../support/screenshots';

const ADMIN = { email: 'two.factor.admin@ops.example', password: 'admin password for the drill' };
const SUPPORT = { email: 'forgetful.support@ops.example', password: 'support password 2026' };

const { server, browser } = useE2e({
  ownStore: {
    env: { OPS_REQUIRE_2FA: 'on' },
    async prepare(dataDir) {
      await mustRunOps('ops', ['add-operator', ADMIN.email, '--role', 'admin'], { DATA_DIR: dataDir }, `${ADMIN.password}\n`);
      await mustRunOps('ops', ['add-operator', SUPPORT.email, '--role', 'support'], { DATA_DIR: dataDir }, `${SUPPORT.password}\n`);
    },
  },
});

/** The authenticator app: the code of `secret` for the 30-second step `offset` steps from now. */
const codeOf = (secret: string, offset = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset * 30_000 });

describe('operator accounts in the browser', () => {
  it('an admin who must have a second factor sets it up from the QR code page, then signs in with the app\'s code', async () => {
    const page = await (await browser.newContext(DESKTOP)).newPage();
    await page.goto(`${server.url}/#/ops`);
    await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor({ timeout: 20_000 });
    await page.getByLabel('E-mail address').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    // OPS_REQUIRE_2FA: the console opens only the account page until the second factor is set up.
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    await page.getByText('Your role needs a second factor: set it up to use the back office.').waitFor();
    await page.getByRole('button', { name: 'Set up the second factor' }).click();
    await page.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await saveScreenshot(page, 'ops-totp-setup');
    await page.getByLabel('Code the app shows now').fill(codeOf(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.locator('.ops-recovery-codes li');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await page.getByRole('button', { name: 'I have kept them' }).click();
    await page.getByText(/^On since .*Recovery codes left: 10\.$/).waitFor();
    // Now the whole console is open.
    await page.getByRole('link', { name: 'Operators' }).click();
    await page.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor();
    await page.getByLabel('E-mail address').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // The second step: a wrong code is refused, the app's next code signs in (the enrolment's step is spent).
    const code = page.getByLabel('Code from your authenticator app');
    await code.fill(codeOf(secret, 5));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is wrong.' }).waitFor();
    await code.fill(codeOf(secret, 1));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('navigation', { name: 'Back office' }).waitFor();

    // Its sessions: this one is listed and marked.
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByRole('cell', { name: 'This browser' }).waitFor();
  });

  it('an operator who forgot the password asks for a link, opens it from the mail and signs in with the new password', async () => {
    const page = await (await browser.newContext(DESKTOP)).newPage();
    await page.goto(`${server.url}/#/ops`);
    await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('E-mail address').fill(SUPPORT.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an operator has this address, a link is on its way.' }).waitFor();

    // The store's mail sink (development): the link arrives through the mail outbox.
    let token = '';
    for (let tries = 0; tries < 100 && !token; tries += 1) {
      const caught = (await (await fetch(`${server.url}/sandbox/mail.json`)).json()) as { data: { mails: Array<{ to: string; text: string }> } };
      const mail = caught.data.mails.find((one) => one.to.includes(SUPPORT.email));
      token = /#\/ops\/reset\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
      if (!token) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(token).not.toBe('');

    const fresh = await (await browser.newContext(DESKTOP)).newPage();
    await fresh.goto(`${server.url}/#/ops/reset?token=${token}`);
    await fresh.getByRole('heading', { name: 'Choose a new password' }).waitFor({ timeout: 20_000 });
    await fresh.getByLabel('New password').fill('a new support passphrase');
    await fresh.getByRole('button', { name: 'Set the new password' }).click();
    await fresh.getByRole('status').filter({ hasText: 'Your password is set. Sign in with it.' }).waitFor();
    // The link works once.
    await fresh.reload();
    await fresh.getByLabel('New password').fill('yet another passphrase');
    await fresh.getByRole('button', { name: 'Set the new password' }).click();
    await fresh.getByRole('alert').filter({ hasText: 'This link is used or out of date.' }).waitFor();

    await fresh.getByRole('link', { name: 'Back to sign-in' }).click();
    await fresh.getByLabel('E-mail address').fill(SUPPORT.email);
    await fresh.getByLabel('Password').fill('a new support passphrase');
    await fresh.getByRole('button', { name: 'Sign in', exact: true }).click();
    await fresh.getByRole('navigation', { name: 'Back office' }).waitFor();
  });
});
