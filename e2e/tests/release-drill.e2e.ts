import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { RemoteRegistry } from '@topup/shared/contracts';
import { PHONE } from '../support/browser';
import { useE2e } from '../support/fixture';
import { mustRunOps, runOps } from '../support/ops';
import { waitForRemotePage } from '../support/page-helpers';

const run = Math.random().toString(36).slice(2, 8);
const v1 = `drill1-${run}`;
const v2 = `drill2-${run}`;
const v3 = `drill3-${run}`;
const v4 = `drill4-${run}`;

// The store judges new versions every second, after 8 page loads (the defaults: 10 s, 50 loads).
let env: Record<string, string> = { OPS_TOKEN: `drill-${run}`, OPS_ACTOR: 'release-drill', ROLLBACK_CHECK_SECONDS: '1', ROLLBACK_MIN_LOADS: '8' };
const { server, browser } = useE2e({ ownStore: { env } });

async function registry(): Promise<RemoteRegistry> {
  return (await (await fetch(`${server.url}/mf/registry.json`)).json()) as RemoteRegistry;
}

/** A fresh page load of `#/` and the remote-topup version its about panel (shown with `?about`) names. */
async function loadTopup(page: Page): Promise<string> {
  // A new document, not a same-page hash change: what a player's next visit does.
  await page.goto('about:blank');
  await page.goto(`${server.url}/?about#/`);
  await page.locator('[data-remote-root="remote-topup"] h1, [data-remote-unavailable]').first().waitFor({ timeout: 20_000 });
  return ((await page.locator('[data-version-of="remote-topup"]').textContent()) ?? '').trim();
}

/** What a stranger can send to the beacon route with curl: no page load, any reports. */
async function forgeBeacon(body: object, cookie?: string): Promise<number> {
  const response = await fetch(`${server.url}/mf/health`, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  return response.status;
}

const forgedLoads = (version: string, outcome: 'rendered' | 'render', count = 20) => Array.from({ length: count }, () => ({ app: 'remote-topup', version, outcome, ms: 300 }));

/** A preview link from the back office (an operator's, here the ops token's). */
async function previewLinkFor(version: string): Promise<Response> {
  return fetch(`${server.url}/ops/api/releases/preview-link?app=remote-topup&version=${encodeURIComponent(version)}`, { headers: { authorization: `Bearer ${env.OPS_TOKEN}` } });
}

beforeAll(() => {
  env = { ...env, DATA_DIR: server.dataDir };
});

describe('release one remote alone, roll back one remote alone', () => {
  it('releases v1 and v2, survives a v3 that throws on render, and rolls back to v2', async () => {
    const before = await registry();
    const page = await (await browser.newContext(PHONE)).newPage();

    await mustRunOps('release', ['remote-topup', '--reason', 'drill v1'], { ...env, MF_BUILD_VERSION: v1 });
    expect(await loadTopup(page)).toBe(v1);
    await waitForRemotePage(page, '/');

    await mustRunOps('release', ['remote-topup', '--reason', 'drill v2'], { ...env, MF_BUILD_VERSION: v2 });
    expect(await loadTopup(page)).toBe(v2);
    await waitForRemotePage(page, '/');

    // A stranger reports the fresh v2 failing: three anonymous beacons of twenty failures. The store
    // judges every second after 8 loads; a few seconds later v2 is still live, with no automatic rollback.
    for (let i = 0; i < 3; i += 1) expect(await forgeBeacon({ loads: forgedLoads(v2, 'render') })).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await registry()).remotes['remote-topup'].version).toBe(v2);
    expect(await mustRunOps('remotes', ['list'], env)).not.toContain('auto-rollback');

    // Releasing the same version twice is refused.
    const again = await runOps('release', ['remote-topup'], { ...env, MF_BUILD_VERSION: v2 });
    expect(again.status).not.toBe(0);
    expect(again.output).toContain('already released');

    // A bad release: every page of v3 throws on render.
    await mustRunOps('release', ['remote-topup', '--reason', 'drill v3 (broken)'], { ...env, MF_BUILD_VERSION: v3, DRILL_FAULT: 'render' });
    expect(await loadTopup(page)).toBe(v3);
    await page.locator('[data-remote-unavailable="remote-topup"]').waitFor();
    for (const route of ['/index_1', '/pcIndex']) {
      await page.evaluate((r) => (window.location.hash = `#${r}`), route);
      await waitForRemotePage(page, route);
    }

    const out = await mustRunOps('remotes', ['rollback', 'remote-topup', '--reason', 'v3 throws on render'], env);
    expect(out).toContain(`${v3} → ${v2}`);
    expect(await loadTopup(page)).toBe(v2);
    await waitForRemotePage(page, '/');
    expect(await page.locator('[data-remote-unavailable]').count()).toBe(0);

    // The host and the other remotes were never rebuilt or changed.
    const after = await registry();
    expect(after.remotes['remote-topup'].version).toBe(v2);
    expect(after.remotes['remote-voucher']).toEqual(before.remotes['remote-voucher']);
    expect(after.remotes['remote-pccenter']).toEqual(before.remotes['remote-pccenter']);
    const hostVersionBefore = await page.locator('[data-version-of="host"]').textContent();
    await page.reload();
    expect(await page.locator('[data-version-of="host"]').textContent()).toBe(hostVersionBefore);

    const listing = await mustRunOps('remotes', ['list'], env);
    expect(listing).toMatch(new RegExp(`rollback\\s+${v3} → ${v2}`));
    expect(listing).toContain('release-drill');
  });

  it('rolls a failing canary back by itself: v2 raised from 25 % to everyone, the broken v3 at 25 % undone by the store', async () => {
    const before = await registry();
    await mustRunOps('remotes', ['activate', 'remote-topup', v1, '--reason', 'canary drill starts from v1'], env);
    expect(await mustRunOps('remotes', ['promote', 'remote-topup', v2, '--share', '25', '--reason', 'v2 to a quarter'], env)).toContain(`canary: remote-topup ${v2} for 25 %`);
    await mustRunOps('remotes', ['promote', 'remote-topup', v2, '--share', '100', '--reason', 'v2 for everyone'], env);
    expect((await registry()).remotes['remote-topup'].version).toBe(v2);
    await mustRunOps('remotes', ['promote', 'remote-topup', v3, '--share', '25', '--reason', 'v3 to a quarter', '--reactivate'], env);

    // A stranger tries to keep the broken canary alive and to blame everyone's v2: "rendered" for v3 and
    // failures for v2 without a token; a genuine token of its own (a canary bucket) sent from another
    // browser, and the same token naming v2. None of it counts (the history's figures below).
    for (let i = 0; i < 3; i += 1) {
      expect(await forgeBeacon({ loads: forgedLoads(v3, 'rendered') })).toBe(204);
      expect(await forgeBeacon({ loads: forgedLoads(v2, 'render') })).toBe(204);
    }
    const stolen = ((await (await fetch(`${server.url}/mf/registry.json`, { headers: { cookie: 'topup_bucket=7' } })).json()) as RemoteRegistry).health;
    expect(stolen).toEqual(expect.any(String));
    expect(await forgeBeacon({ token: stolen, loads: forgedLoads(v3, 'rendered', 1) }, 'topup_bucket=8')).toBe(204);
    expect(await forgeBeacon({ token: stolen, loads: forgedLoads(v2, 'render', 1) }, 'topup_bucket=7')).toBe(204);

    // Players: each browser context is one player, its bucket (kept in its cookie) 0–9,999; below 2,500 is the canary's quarter.
    const host = new URL(server.url).hostname;
    const player = async (bucket: number) => {
      const context = await browser.newContext(PHONE);
      await context.addCookies([{ name: 'topup_bucket', value: String(bucket), domain: host, path: '/' }]);
      return context.newPage();
    };
    // A few at a time: twenty phones opening the store at once would only measure two cores.
    const canaryPlayers = await Promise.all([0, 300, 600, 900, 1200, 1500, 1800, 2100, 2300, 2499].map(player));
    const others = await Promise.all([2500, 4000, 5500, 7000, 8500, 9999, 3000, 6000, 9000, 5000].map(player));
    for (const group of [others.slice(0, 5), others.slice(5)]) {
      expect(await Promise.all(group.map(loadTopup))).toEqual(group.map(() => v2));
    }
    // The canary's players one after another: each gets the broken v3 and reports it within seconds,
    // and the store, judging every second, ends the canary once 8 of them failed. Whoever comes after
    // that gets v2.
    const seen: string[] = [];
    for (const page of canaryPlayers) {
      const version = await loadTopup(page);
      seen.push(version);
      if (version === v3) await page.locator('[data-remote-unavailable="remote-topup"]').waitFor();
    }
    const beforeRollback = seen.includes(v2) ? seen.indexOf(v2) : seen.length;
    expect(beforeRollback).toBeGreaterThanOrEqual(8);
    expect(seen).toEqual(canaryPlayers.map((_page, i) => (i < beforeRollback ? v3 : v2)));

    const started = Date.now();
    for (;;) {
      const listing = await mustRunOps('remotes', ['list'], env);
      if (listing.includes(`auto-rollback ${v3} → ${v2}`)) break;
      if (Date.now() - started > 30_000) throw new Error(`no automatic rollback within 30 s:\n${listing}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // Whoever got v3 gets v2 on the next load; the host and the other remotes never changed.
    expect(await loadTopup(canaryPlayers[0]!)).toBe(v2);
    await waitForRemotePage(canaryPlayers[0]!, '/');
    const after = await registry();
    expect(after.remotes['remote-voucher']).toEqual(before.remotes['remote-voucher']);
    expect(after.remotes['remote-pccenter']).toEqual(before.remotes['remote-pccenter']);
    const history = await mustRunOps('remotes', ['list'], env);
    // Judged on the real canary loads alone (8 or more, as they arrived, every one failed: no forged
    // "rendered" among them), and no forged v2 failure among the previous version's loads.
    const judged = new RegExp(`auto-rollback\\s+${v3} → ${v2}.*automatic rollback: (\\d+) of \\1 loads failed \\(100\\.0 %\\); the previous version 0 of`).exec(history);
    expect(judged).not.toBeNull();
    expect(Number(judged![1])).toBeGreaterThanOrEqual(8);
    expect(Number(judged![1])).toBeLessThanOrEqual(10);
    await Promise.all([...canaryPlayers, ...others].map((page) => page.context().close()));
  });

  it('previews a released but inactive version in one tab only, and refuses unknown ones', async () => {
    await mustRunOps('release', ['remote-topup', '--no-activate'], { ...env, MF_BUILD_VERSION: v4 });
    const live = (await registry()).remotes['remote-topup'].version;
    expect(live).not.toBe(v4);

    // Anyone's unsigned preview is refused: the page shows the live version and says so.
    const stranger = await (await browser.newContext(PHONE)).newPage();
    await stranger.goto(`${server.url}/?about&mf_preview=remote-topup@${v4}#/`);
    await stranger.getByTestId('preview-notice').waitFor();
    await waitForRemotePage(stranger, '/');
    expect(await stranger.locator('[data-version-of="remote-topup"]').textContent()).toBe(live);

    // An operator's signed link previews v4; a rolled-back version (v3) gets no link.
    expect((await previewLinkFor(v3)).status).toBe(409);
    const granted = await previewLinkFor(v4);
    expect(granted.status).toBe(200);
    const { link } = (await granted.json()) as { link: string };
    const tester = await (await browser.newContext(PHONE)).newPage();
    await tester.goto(`${server.url}${link}`);
    await waitForRemotePage(tester, '/');
    expect(await tester.locator('[data-version-of="remote-topup"]').textContent()).toContain(v4);
    await tester.getByTestId('preview-notice').waitFor();
    // Remembered for the tab: a plain reload still previews.
    await tester.goto(`${server.url}/#/`);
    await waitForRemotePage(tester, '/');
    expect(await tester.locator('[data-version-of="remote-topup"]').textContent()).toContain(v4);

    const player = await (await browser.newContext(PHONE)).newPage();
    expect(await loadTopup(player)).toBe(live);

    const wrong = await (await browser.newContext(PHONE)).newPage();
    await wrong.goto(`${server.url}/?about&mf_preview=remote-topup@no-such-version#/`);
    await wrong.getByTestId('preview-notice').waitFor();
    expect(await wrong.getByTestId('preview-notice').textContent()).toContain('no-such-version');
    await waitForRemotePage(wrong, '/');
    expect(await wrong.locator('[data-version-of="remote-topup"]').textContent()).toBe(live);
  });

  it('refuses ops requests without the right token', async () => {
    const response = await fetch(`${server.url}/ops/rollback`, {
      method: 'POST',
      headers: { authorization: 'Bearer wrong', 'content-type': 'application/json' },
      body: JSON.stringify({ app: 'remote-topup' }),
    });
    expect(response.status).toBe(401);
    expect(server.output()).toContain('wrong or missing bearer token');
  });

  it('works without a running server too: the commands open the embedded database themselves', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-offline-'));
    const offline = { DATA_DIR: dataDir, OPS_ACTOR: 'offline-ops' };
    const out = await mustRunOps('release', ['remote-voucher'], { ...offline, MF_BUILD_VERSION: `offline-${run}` });
    expect(out).toContain('(direct)');
    const listing = await mustRunOps('remotes', ['list'], offline);
    expect(listing).toContain(`remote-voucher   offline-${run}`);
    expect(listing).toContain('offline-ops');
  });
});

