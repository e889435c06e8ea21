import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { RemoteRegistry } from '@topup/shared/contracts';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE } from '../support/browser';
import { useE2e } from '../support/fixture';
import { bundleCard, deliveredOrder as deliveredOrderOf, FAST_DELIVERY, mailbox } from '../support/orders';
import { mustRunOps, runOps } from '../support/ops';
import { saveScreenshot } from '../support/screenshots';
import { CYRA, EMBERWING } from '../support/seed';
import { REPO_ROOT } from '../support/server';
import { callAction } from '../support/topup';

const ADMIN = { email: 'admin@ops.example', password: 'admin password for the drill' };
const SUPPORT = { email: 'support@ops.example', password: 'support password 2026' };
const RELEASER = { email: 'releases@ops.example', password: 'release manager password' };
const MERCHANDISER = { email: 'catalogue@ops.example', password: 'merchandiser password 1' };
const OPS_TOKEN = `ops-console-${Math.random().toString(36).slice(2)}`;
const CHARACTER = { ...EMBERWING, ...CYRA, name: CYRA.role_name };

const { server, browser } = useE2e({
  ownStore: {
    env: { ...FAST_DELIVERY, OPS_TOKEN },
    async prepare(dataDir) {
      // The first admin comes from the command line, the password on standard input.
      const added = await mustRunOps('ops', ['add-operator', ADMIN.email, '--role', 'admin'], { DATA_DIR: dataDir }, `${ADMIN.password}\n`);
      expect(added).toContain(`${ADMIN.email} can sign in`);
      expect((await runOps('ops', ['add-operator', ADMIN.email, '--role', 'admin'], { DATA_DIR: dataDir }, `${ADMIN.password}\n`)).output).toContain('exists already');
    },
  },
});

/** A delivered order of Cyra Moonshadow (Emberwing Frontier NA-1), paid in the sandbox. */
const deliveredOrder = () => deliveredOrderOf(server.url, CHARACTER, 'e2e-ops');

async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${server.url}/#/ops`);
  await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor({ timeout: 20_000 });
  await page.getByLabel('E-mail address').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('navigation', { name: 'Back office' }).waitFor();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor();
}

describe('the back office in the browser', () => {
  it('an admin adds a support operator, who finds an order by character name, resends its mail (audited) and cannot open the release console', async () => {
    const order = await deliveredOrder();
    const page = await (await browser.newContext(DESKTOP)).newPage();

    // A wrong password is refused in words that do not say whether the address exists.
    await page.goto(`${server.url}/#/ops`);
    await page.getByLabel('E-mail address').fill(ADMIN.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'The e-mail address or the password is wrong.' }).waitFor();
    await saveScreenshot(page, 'ops-sign-in-refused');

    await signIn(page, ADMIN);
    await page.getByRole('link', { name: 'Operators' }).click();
    await page.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Add an operator' });
    await form.getByLabel('E-mail address').fill(SUPPORT.email);
    await form.getByLabel('Role').selectOption('support');
    await form.getByLabel('First password').fill(SUPPORT.password);
    await form.getByRole('button', { name: 'Add operator' }).click();
    await page.getByRole('status').filter({ hasText: `${SUPPORT.email} can sign in now.` }).waitFor();
    await page.locator(`[data-operator="${SUPPORT.email}"]`).waitFor();
    await saveScreenshot(page, 'ops-operators');
    await signOut(page);

    await signIn(page, SUPPORT);
    // Support sees the desk, not the release console or the operators.
    const nav = page.getByRole('navigation', { name: 'Back office' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Orders', 'Players', 'Needs attention', 'Tickets', 'Catalogue', 'Insights', 'Experiments', 'Audit log', expect.stringMatching(/^Alerts/)]);
    await page.getByLabel('Character ID or name').fill('cyra');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: order.order_id }).waitFor();
    await saveScreenshot(page, 'ops-orders');
    await page.getByRole('link', { name: order.order_id }).click();
    await page.getByRole('heading', { name: new RegExp(`Order ${order.order_id}`) }).waitFor();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    for (const step of ['Placed', 'Paid', 'Mail sent', 'Delivered']) await timeline.getByText(step, { exact: true }).first().waitFor();
    await saveScreenshot(page, 'ops-order', { fullPage: true });

    await page.getByRole('button', { name: 'Resend mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resend the in-game mail' });
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Player wrote that the mail never arrived');
    const confirm = dialog.getByRole('button', { name: 'Resend mail' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('The player confirmed they did not get the mail.').check();
    await saveScreenshot(page, 'ops-resend-dialog');
    await confirm.click();
    await page.getByRole('status').filter({ hasText: 'The mail is being resent.' }).waitFor();

    // The character's mailbox holds the first mail and the resent one.
    let mails = await mailbox(server.url, 18, CHARACTER.server_id, CHARACTER.role_id);
    for (let tries = 0; tries < 100 && mails.filter((m) => m.order_id.startsWith(order.order_id)).length < 2; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      mails = await mailbox(server.url, 18, CHARACTER.server_id, CHARACTER.role_id);
    }
    expect(mails.filter((m) => m.order_id.startsWith(order.order_id)).map((m) => m.order_id).sort()).toEqual([order.order_id, `${order.order_id}:resend:1`]);

    // The audit log has one entry for it, with who and why.
    await page.getByRole('link', { name: 'In the audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const rows = page.locator('[data-audit-action]');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-audit-action')).toBe('order.resend_mail');
    expect(await rows.first().textContent()).toContain(SUPPORT.email);
    expect(await rows.first().textContent()).toContain('Player wrote that the mail never arrived');
    await saveScreenshot(page, 'ops-audit');

    // The release console is not for support: not in the navigation, and refused when typed in.
    await page.goto(`${server.url}/#/ops/releases`);
    await page.getByRole('heading', { name: 'Not for your role' }).waitFor();
    const refused = await fetch(`${server.url}/ops/api/releases`, { headers: { cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ') } });
    expect(refused.status).toBe(403);
  });

  it('support answers a ticket by e-mail from the queue, then refunds the order it is about, flagged as delivered', async () => {
    const order = await deliveredOrder();
    const { reference } = await callAction<{ reference: string }>(server.url, 'createSupportTicket', {
      email: 'cyra.player@example.com', message: 'I paid but I think the gems are missing from my mailbox.', order_id: order.order_id, game_id: '18', area: 'us',
    });
    const page = await (await browser.newContext(DESKTOP)).newPage();
    await signIn(page, SUPPORT);
    await page.getByRole('link', { name: 'Needs attention' }).click();
    await page.getByRole('heading', { name: 'Needs attention', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Deliveries failing' }).waitFor();
    await saveScreenshot(page, 'ops-attention', { fullPage: true });
    await page.getByRole('link', { name: /new tickets?$/ }).click();
    await page.getByRole('button', { name: new RegExp(reference) }).click();
    const ticket = page.getByRole('article', { name: new RegExp(reference) });
    await ticket.getByRole('link', { name: order.order_id }).waitFor();
    await ticket.getByLabel(/^Answer/).fill('We checked: the gems were delivered to Cyra Moonshadow on NA-1 Aurora. Please look in the in-game mailbox.');
    await saveScreenshot(page, 'ops-ticket');
    await ticket.getByRole('button', { name: 'Send answer' }).click();
    await page.getByRole('status').filter({ hasText: 'The answer is on its way to the player.' }).waitFor();

    // The player gets the answer by e-mail (the development mail sink).
    let answer: { subject: string; text: string } | undefined;
    for (let tries = 0; tries < 100 && !answer; tries += 1) {
      const caught = (await (await fetch(`${server.url}/sandbox/mail.json`)).json()) as { data: { mails: Array<{ to: string; subject: string; text: string }> } };
      answer = caught.data.mails.find((mail) => mail.to === 'cyra.player@example.com' && mail.subject.startsWith('Re:'));
      if (!answer) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answer?.subject).toBe(`Re: your message (${reference})`);
    expect(answer?.text).toContain('Please look in the in-game mailbox.');

    // The order the ticket is about: refunded from its page, and flagged because its items were delivered.
    await ticket.getByRole('link', { name: order.order_id }).click();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund this order' });
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Goodwill refund after ticket');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await page.getByRole('status').filter({ hasText: 'The refund is under way.' }).waitFor();
    for (let tries = 0; tries < 50; tries += 1) {
      await page.reload();
      await page.getByRole('heading', { name: new RegExp(`Order ${order.order_id}`) }).waitFor();
      if (await page.getByText('Refunded after the items were delivered').count()) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await page.getByText('Refunded after the items were delivered').waitFor();
    await saveScreenshot(page, 'ops-refunded', { fullPage: true });
  });

  it('a merchandiser changes a price by importing a catalogue file, and the player\'s page shows it', async () => {
    const bearer = { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json', 'x-ops-actor': 'e2e' };
    const added = await fetch(`${server.url}/ops/api/operators`, { method: 'POST', headers: bearer, body: JSON.stringify({ email: MERCHANDISER.email, role: 'merchandiser', password: MERCHANDISER.password }) });
    expect(added.status).toBe(201);
    // The file a merchandiser downloads and edits: 300 Dragon Gems from $4.99 to $5.49.
    const file = (await (await fetch(`${server.url}/ops/api/catalogue/file`, { headers: bearer })).json()) as { bundles: Array<{ product_id: string; price_minor: number }> };
    file.bundles.find((bundle) => bundle.product_id === '18-us-currency-300')!.price_minor = 549;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-catalogue-'));
    const edited = path.join(dir, 'catalogue-edited.json');
    fs.writeFileSync(edited, JSON.stringify(file, null, 2));
    const broken = path.join(dir, 'catalogue-broken.json');
    fs.writeFileSync(broken, JSON.stringify({ ...file, format: 2 }));

    const page = await (await browser.newContext(DESKTOP)).newPage();
    await signIn(page, MERCHANDISER);
    await page.getByRole('link', { name: 'Catalogue' }).click();
    await page.getByRole('heading', { name: 'Catalogue', level: 1 }).waitFor();
    await page.getByLabel('Catalogue file (.json)').setInputFiles(broken);
    await page.getByRole('alert').filter({ hasText: 'catalogue-broken.json is refused: 1 problem.' }).waitFor();
    await page.getByText('/format: must be equal to constant').waitFor();

    await page.getByLabel('Catalogue file (.json)').setInputFiles(edited);
    await page.getByText('catalogue-edited.json is a valid catalogue file.').waitFor();
    await page.getByText(/300 Dragon Gems .*\$4\.99 → \$5\.49 \(\+10 %\)/).waitFor();
    await saveScreenshot(page, 'ops-catalogue', { fullPage: true });
    await page.getByRole('button', { name: /^Import as revision \d+$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Import catalogue-edited.json' });
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Winter prices');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /The catalogue is now revision \d+\./ }).waitFor();
    await page.locator('[data-revision]').first().filter({ hasText: 'Winter prices' }).waitFor();

    const player = await (await browser.newContext(PHONE)).newPage();
    await player.goto(`${server.url}/#/?game_id=18&area=us`);
    await bundleCard(player, '18-us-currency-300').filter({ hasText: '5.49' }).waitFor({ timeout: 20_000 });
  });

  it('a release manager rolls back remote-topup from the console and the player page shows the previous version on its next load', async () => {
    // Two releases of remote-topup (the build in remote-topup/dist, under two versions), made by automation.
    const bearer = { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json', 'x-ops-actor': 'e2e' };
    const versions = ['console-v1', 'console-v2'];
    const dist = path.join(REPO_ROOT, 'remote-topup', 'dist');
    // The release carries the build's files, each in base64.
    const files = (fs.readdirSync(dist, { recursive: true }) as string[])
      .filter((file) => fs.statSync(path.join(dist, file)).isFile())
      .map((file) => ({ path: file.split(path.sep).join('/'), content: fs.readFileSync(path.join(dist, file)).toString('base64') }));
    for (const version of versions) {
      const released = await fetch(`${server.url}/ops/releases`, { method: 'POST', headers: bearer, body: JSON.stringify({ app: 'remote-topup', version, files, reason: 'e2e release' }) });
      expect(released.status).toBe(200);
    }
    const added = await fetch(`${server.url}/ops/api/operators`, { method: 'POST', headers: bearer, body: JSON.stringify({ email: RELEASER.email, role: 'release_manager', password: RELEASER.password }) });
    expect(added.status).toBe(201);
    const registry = async () => ((await (await fetch(`${server.url}/mf/registry.json`)).json()) as RemoteRegistry).remotes['remote-topup'].version;
    expect(await registry()).toBe('console-v2');

    const player = await (await browser.newContext(PHONE)).newPage();
    const topupVersion = async () => {
      await player.goto('about:blank');
      await player.goto(`${server.url}/?about#/`);
      await player.locator('[data-remote-root="remote-topup"] h1').first().waitFor({ timeout: 20_000 });
      return ((await player.locator('[data-version-of="remote-topup"]').textContent()) ?? '').trim();
    };
    expect(await topupVersion()).toBe('console-v2');
    // The player stays: the page reports how console-v2 fared a few seconds after it started.
    const health = async () =>
      ((await (await fetch(`${server.url}/ops/api/releases/health?app=remote-topup`, { headers: bearer })).json()) as { minutes: Array<{ version: string; rendered: number }> }).minutes;
    for (let waited = 0; !(await health()).some((m) => m.version === 'console-v2' && m.rendered > 0); waited += 250) {
      if (waited > 20_000) throw new Error('no health report of console-v2 within 20 s');
      await player.waitForTimeout(250);
    }

    const page = await (await browser.newContext(DESKTOP)).newPage();
    await signIn(page, RELEASER);
    await page.getByRole('link', { name: 'Releases' }).click();
    const card = page.locator('[data-app="remote-topup"]');
    await card.locator('[data-live-version]').filter({ hasText: 'console-v2' }).waitFor();
    // Its health beside the previous version's: the table, and the charts drawn by uPlot.
    await card.locator('[data-health-version="console-v2"]').filter({ hasText: '100.0 %' }).waitFor();
    await card.locator('.ops-chart canvas').first().waitFor();
    await saveScreenshot(page, 'ops-releases', { fullPage: true });
    await card.getByRole('button', { name: 'Roll back' }).click();
    // The dialog names the version players get back.
    const dialog = page.getByRole('dialog', { name: 'Roll remote-topup back to console-v1' });
    await dialog.getByText('Players get console-v1 again on their next page load; console-v2 is marked as rolled back.').waitFor();
    await dialog.getByLabel('Reason (kept in the audit log)').fill('v2 shows the wrong prices');
    await dialog.getByRole('button', { name: 'Roll back' }).click();
    await page.getByRole('status').filter({ hasText: 'remote-topup is back on console-v1 (was console-v2).' }).waitFor();
    await card.locator('[data-live-version]').filter({ hasText: 'console-v1' }).waitFor();

    expect(await registry()).toBe('console-v1');
    expect(await topupVersion()).toBe('console-v1');

    // After the rollback the console still shows console-v2's health, marked rolled back, with who and why.
    await page.reload();
    await card.locator('[data-live-version]').filter({ hasText: 'console-v1' }).waitFor();
    const v2Health = card.locator('[data-health-version="console-v2"]');
    await v2Health.filter({ hasText: '100.0 %' }).waitFor();
    expect(await v2Health.locator('[data-rolled-back-tag]').textContent()).toBe('Rolled back');
    const mark = card.locator('[data-rolled-back="console-v2"]');
    expect(await mark.textContent()).toMatch(new RegExp(`^Rolled back by ${RELEASER.email.replace('.', '\\.')} at .+, players got console-v1 — “v2 shows the wrong prices”$`));
    await card.locator('.ops-chart canvas').first().waitFor();
    await saveScreenshot(page, 'ops-releases-after-rollback', { fullPage: true });
    await expectNoAxeViolations(page, 'releases after a rollback · en');

    // Making it live again asks for a reason and a second confirmation.
    await card.locator('[data-release="console-v2"]').getByRole('button', { name: 'Activate again…' }).click();
    const again = page.getByRole('dialog', { name: 'Make remote-topup console-v2 live again' });
    const confirm = again.getByRole('button', { name: 'Activate', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await again.getByLabel('Reason (kept in the audit log)').fill('prices fixed in the catalogue');
    expect(await confirm.isDisabled()).toBe(true);
    await saveScreenshot(page, 'ops-releases-reactivate');
    await expectNoAxeViolations(page, 'making a rolled-back release live again · en');
    await again.getByLabel('I know why console-v2 was rolled back, and that it is fixed.').check();
    await again.getByRole('button', { name: 'Cancel' }).click();
    // The API refuses it without that confirmation, whatever the page does.
    const refused = await page.evaluate(async () => {
      const session = await (await fetch('/ops/api/session')).json();
      const answer = await fetch('/ops/api/releases/activate', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
        body: JSON.stringify({ app: 'remote-topup', version: 'console-v2', reason: 'just because' }),
      });
      return { status: answer.status, body: await answer.json() };
    });
    expect(refused).toMatchObject({ status: 409, body: { code: 'reactivateConfirm' } });
    expect(await registry()).toBe('console-v1');

    // The history and the audit log name the release manager.
    const audit = await fetch(`${server.url}/ops/api/audit?action=release.rollback`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    const body = (await audit.json()) as { rows: Array<{ actor: string; reason: string; before: unknown; after: unknown }> };
    expect(body.rows).toEqual([expect.objectContaining({ actor: RELEASER.email, reason: 'v2 shows the wrong prices', before: { version: 'console-v2' }, after: { version: 'console-v1', forced: false } })]);
  });
});
