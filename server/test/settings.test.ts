import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/http/app';
import { loadConfig } from '../src/config';
import { DEFAULT_SETTINGS, readSettings, SettingsError } from '../src/settings/read-settings';
import { SETTINGS } from '../src/settings/settings-schema';
import { settingsTable, TABLE_END, TABLE_START, withSettingsTable } from '../src/settings/settings-table';

const OPERATIONS = path.resolve(__dirname, '..', '..', 'docs', 'operations.md');

describe('the settings schema', () => {
  it('gives every setting its default when nothing is set', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ PORT: 8080, NODE_ENV: 'development', DELIVERY_LEASE: 15_000, TRUST_PROXY: false, LOG: true, DEV_REMOTES: false, ASSET_ORIGINS: [] });
    expect(DEFAULT_SETTINGS.DATABASE_URL).toBeUndefined();
    expect(Object.keys(DEFAULT_SETTINGS).sort()).toEqual(Object.keys(SETTINGS).sort());
  });

  it('takes an empty value as unset, and reads only the settings it declares', () => {
    expect(readSettings({ PORT: '', HOST: '' })).toMatchObject({ PORT: 8080, HOST: '127.0.0.1' });
    expect(readSettings({ SOMETHING_ELSE: 'x' })).toEqual(DEFAULT_SETTINGS);
  });

  it('turns each text into its type', () => {
    const read = readSettings({ PORT: '9000', SANDBOX: 'OFF', HEALTH_SAMPLE: '0.25', DELIVERY_BACKOFF: '1s,2m', BANNER_LINK_HOSTS: 'Events.Example.com', TRUST_PROXY: '2' });
    expect(read).toMatchObject({ PORT: 9000, SANDBOX: false, HEALTH_SAMPLE: 0.25, DELIVERY_BACKOFF: [1000, 120_000], BANNER_LINK_HOSTS: ['events.example.com'], TRUST_PROXY: 2 });
  });

  it('names every wrong setting at once, in the schema\'s order, without repeating a secret', () => {
    let thrown: unknown;
    try {
      readSettings({ PORT: 'eighty', SEED_DEMO: 'maybe', REDIS_URL: 'http://:hunter2@redis', HEALTH_SAMPLE: '2', DELIVERY_LEASE: 'soon' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SettingsError);
    const problems = (thrown as SettingsError).problems;
    expect(problems).toEqual([
      'PORT must be an integer between 0 and 65535, got "eighty"',
      expect.stringMatching(/^REDIS_URL must start with redis:\/\//),
      'SEED_DEMO must be on or off, got "maybe"',
      expect.stringMatching(/^DELIVERY_LEASE must be a duration/),
      'HEALTH_SAMPLE must be a number from 0 to 1, got "2"',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('gives a test app the defaults and what the test passes, never the process\'s environment', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { INSTANCE_NAME: 'from-the-environment', HEALTH_SAMPLE: '0.5', DEV_REMOTES: '1', RELEASE_SIGNING_KEY: 'short' });
    try {
      const config = loadConfig({ INSTANCE_NAME: 'from-the-test' });
      expect(config).toMatchObject({ instanceName: 'from-the-test', devRemotes: false, releaseSigningKey: null });
      expect(config.releaseHealth.sample).toBe(1);
      const app = await buildApp({ config });
      try {
        expect((await app.inject({ url: '/healthz' })).json()).toMatchObject({ instance: 'from-the-test' });
      } finally {
        await app.close();
      }
    } finally {
      for (const name of ['INSTANCE_NAME', 'HEALTH_SAMPLE', 'DEV_REMOTES', 'RELEASE_SIGNING_KEY']) {
        if (name in saved) process.env[name] = saved[name];
        else delete process.env[name];
      }
    }
  });

  it('declares a doc line for every setting', () => {
    for (const [name, declared] of Object.entries(SETTINGS)) expect([name, declared.doc.length > 10]).toEqual([name, true]);
  });
});

describe('docs/operations.md\'s settings table', () => {
  it('is the one the schema writes (run `npm run docs:settings` after changing a setting)', () => {
    const document = fs.readFileSync(OPERATIONS, 'utf8');
    expect(document).toContain(TABLE_START);
    expect(document).toContain(TABLE_END);
    expect(withSettingsTable(document)).toBe(document);
  });

  it('lists every setting of the schema once', () => {
    const table = settingsTable();
    for (const name of Object.keys(SETTINGS)) expect([name, table.split(`| \`${name}\` |`).length - 1]).toEqual([name, 1]);
  });

  it('notices a stale table', () => {
    const document = fs.readFileSync(OPERATIONS, 'utf8');
    const stale = document.replace('| `PORT` | port (0–65535) | 8080 |', '| `PORT` | port (0–65535) | 3000 |');
    expect(stale).not.toBe(document);
    expect(withSettingsTable(stale)).not.toBe(stale);
  });
});
