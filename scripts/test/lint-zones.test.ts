import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

const IMPORT_RULES = new Set(['no-restricted-imports', 'topup/shared-parts', 'server/module-faces']);

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId !== null && IMPORT_RULES.has(m.ruleId)).map((m) => m.message);
}

describe('ownership zones of the architecture', () => {
  it.each([
    ['remote-topup/src/x.ts', "import { a } from '@topup/remote-voucher';"],
    ['remote-topup/src/x.ts', "import { a } from '../../remote-pccenter/src/pages';"],
    ['remote-voucher/src/x.ts', "import { a } from '../../host/src/App';"],
    ['remote-pccenter/src/x.ts', "import { a } from '@topup/host';"],
    ['host/src/x.ts', "import Page from '../../remote-topup/src/exposes/MainPage';"],
    ['shared/src/x.ts', "import { App } from '../../host/src/App';"],
    ['server/src/x.ts', "import { store } from '@topup/shared';"],
    ['server/src/x.ts', "import { store } from '@topup/shared/store';"],
    ['server/src/x.ts', "import { getTab } from '@topup/shared/api';"],
    ['server/src/x.ts', "import { i18n } from '../../shared/src/store/i18n/i18n';"],
    ['remote-topup/src/x.ts', "import { store } from '@topup/shared/src/store/store';"],
    ['remote-topup/src/x.ts', "import { store } from '@topup/shared';"],
    ['host/src/x.ts', "import { i18n } from '@topup/shared';"],
    ['remote-voucher/src/x.ts', "import { store } from '@topup/shared/store/store';"],
    ['remote-pccenter/src/x.ts', "import { openDialog } from '../../shared/src/ui';"],
    ['host/src/x.ts', "import { createAppConfig } from '@topup/shared/shared-deps';"],
    // Inside shared/src a part reaches another only by its package name, and only an earlier part.
    ['shared/src/api/x.ts', "import { store } from '../store/store';"],
    ['shared/src/ui/x.ts', "import { i18n } from '../store/i18n/i18n';"],
    ['shared/src/store/x.ts', "import { showToast } from '@topup/shared/ui';"],
    ['shared/src/rules/x.ts', "import { store } from '@topup/shared/store';"],
    ['shared/src/api/x.ts', "import { callAction } from '@topup/shared/api';"],
    ['shared/src/ui/x.ts', "import { store } from '@topup/shared/store/store';"],
    ['shared/src/stray.ts', "export const x = 1;"],
    ['remote-voucher/src/x.tsx', "import { useMatch } from 'react-router-dom';"],
    ['host/src/x.tsx', "import { createBrowserRouter } from 'react-router-dom';"],
    ['shared/src/x.tsx', "import { withTranslation } from 'react-i18next';"],
  ])('%s may not %s', async (file, code) => {
    expect(await restrictedImports(file, code)).not.toEqual([]);
  });

  it.each([
    ['remote-topup/src/x.ts', "import { store } from '@topup/shared/store';"],
    ['host/src/x.ts', "import { i18n } from '@topup/shared/store';"],
    ['remote-pccenter/src/x.ts', "import { pcpay } from '@topup/shared/pay-centre-api';"],
    ['remote-voucher/src/x.ts', "import { useQuery } from '@topup/shared/query';"],
    ['server/src/x.ts', "import { sign } from '@topup/shared/sign';"],
    ['server/src/x.ts', "import { REMOTE_IDS } from '@topup/shared/contracts';"],
    ['shared/src/api/x.ts', "import { store } from '@topup/shared/store';"],
    ['shared/src/api/x.ts', "import { callAction } from './family-a-client';"],
    ['shared/src/ui/dialog/x.ts', "import { CloseIcon } from '../icons';"],
    ['shared/src/purchase/x.ts', "import { showToast } from '@topup/shared/ui';"],
    ['remote-voucher/rspack.config.ts', "import { createAppConfig } from '@topup/shared/build';"],
    ['remote-pccenter/src/x.tsx', "import { useNavigate, useSearchParams } from 'react-router-dom';"],
  ])('%s may %s', async (file, code) => {
    expect(await restrictedImports(file, code)).toEqual([]);
  });
});

/** The server's layer rule (serverLayers() in eslint.config.mjs), apart from the zones above. */
async function layerImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('only server/src/http knows Fastify', () => {
  it.each([
    ['server/src/orders/x.ts', "import type { FastifyInstance } from 'fastify';"],
    ['server/src/releases/x.ts', "import Fastify from 'fastify';"],
    ['server/src/payments/stripe/x.ts', "import type { FastifyRequest } from 'fastify';"],
    ['server/src/catalogue/x.ts', "import cookie from '@fastify/cookie';"],
    ['server/src/orders/x.ts', "import { normalizeIP } from '@fastify/rate-limit';"],
    ['server/src/x.ts', "import type { FastifyBaseLogger } from 'fastify';"],
    ['server/src/main.ts', "import Fastify from 'fastify';"],
    ['server/src/sandbox/game/x.ts', "import formBody from '@fastify/formbody';"],
    ['server/src/cli/x.ts', "import Fastify from 'fastify';"],
    ['server/src/chaos/x.ts', "import type { FastifyInstance } from 'fastify';"],
    // Nor does the domain import the edge.
    ['server/src/releases/x.ts', "import { staticRoutes } from '../http/web/static-routes';"],
    ['server/src/payments/stripe/x.ts', "import type { OrderServices } from '../../http/orders/order-runtime';"],
    ['server/src/game/x.ts', "import { text } from '../http/ops/route-parts';"],
    ['server/src/domain-errors.ts', "import { RET } from './http/api/ret-codes';"],
  ])('%s may not %s', async (file, code) => {
    expect(await layerImports(file, code)).not.toEqual([]);
  });

  it.each([
    ['server/src/http/app.ts', "import Fastify from 'fastify';"],
    ['server/src/http/ops/x.ts', "import cookie from '@fastify/cookie';"],
    ['server/src/http/releases/x.ts', "import type { FastifyInstance } from 'fastify';"],
    ['server/src/http/sandbox/x.ts', "import formBody from '@fastify/formbody';"],
    ['server/src/main.ts', "import { buildApp } from './http/app';"],
    ['server/src/http/api/x.ts', "import { placeOrder } from '../../orders/place-order';"],
    ['server/src/game/x.ts', "import { HttpGameGateway } from './http/http-game-gateway';"],
    ['server/src/orders/x.ts', "import type { HttpGameGateway } from '../game/http/http-game-gateway';"],
  ])('%s may %s', async (file, code) => {
    expect(await layerImports(file, code)).toEqual([]);
  });
});

describe('faces of the server\'s domain modules', () => {
  it.each([
    ['server/src/api/x.ts', "import { placeOrder } from '../orders/place-order';"],
    ['server/src/payments/x.ts', "import { transitionOrder } from '../orders/order-workflow';"],
    ['server/src/orders/x.ts', "import { queueOrderJob } from '../fulfilment/outbox';"],
    ['server/src/orders/x.ts', "import type { PaymentProvider } from '../payments/payment-provider';"],
    ['server/src/ops/x.ts', "export { hurryDelivery } from '../fulfilment/outbox';"],
    ['server/src/catalogue/x.ts', "import { findDiscountCode } from '../discounts/discount-codes';"],
    ['server/src/api/family-a/x.ts', "import { deliveredPurchases } from '../../purchases/role-purchases';"],
    ['server/src/x.ts', "import { MailWorker } from './fulfilment/mail-worker';"],
  ])('%s may not %s', async (file, code) => {
    expect(await restrictedImports(file, code)).not.toEqual([]);
  });

  it.each([
    ['server/src/api/x.ts', "import { placeOrder } from '../orders';"],
    ['server/src/api/x.ts', "import { placeOrder } from '../orders/index';"],
    ['server/src/orders/x.ts', "import { queueOrderJob } from '../fulfilment';"],
    ['server/src/orders/x.ts', "import { transitionOrder } from './order-workflow';"],
    ['server/src/fulfilment/x.ts', "import { LeaseHeartbeat } from './lease-heartbeat';"],
    ['server/src/x.ts', "import { registerOrders } from './orders/order-runtime';"],
    ['server/src/orders/x.ts', "import { webhookRoutes } from '../payments/webhook-routes';"],
    ['server/src/ops/x.ts', "import { isoTimeSql } from '../db/iso-time-sql';"],
  ])('%s may %s', async (file, code) => {
    expect(await restrictedImports(file, code)).toEqual([]);
  });
});

describe('settings are read only by the settings module', () => {
  async function settingsBreaches(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  }

  it.each([
    ['server/src/x.ts', 'export const port = process.env.PORT;'],
    ['server/src/orders/x.ts', "export const port = process.env['PORT'];"],
    ['server/src/x.ts', "export const env = process['env'];"],
    ['server/src/cli/x.ts', 'export const env = globalThis.process.env;'],
    ['server/src/web/x.ts', 'const { env } = process;\nexport const log = env.LOG;'],
    ['server/src/x.ts', "import { env } from 'node:process';\nexport const log = env.LOG;"],
    ['server/src/settings/settings-schema.ts', 'export const log = process.env.LOG;'],
  ])('%s may not read the environment: %s', async (file, code) => {
    expect(await settingsBreaches(file, code)).not.toEqual([]);
  });

  it.each([
    ['server/src/settings/environment.ts', 'export const settings = () => ({ ...process.env });'],
    ['server/src/x.ts', 'export const pid = process.pid;'],
    ['server/test/x.test.ts', 'export const url = process.env.TEST_DATABASE_URL;'],
    ['scripts/x.ts', 'export const ci = process.env.CI;'],
  ])('%s may %s', async (file, code) => {
    expect(await settingsBreaches(file, code)).toEqual([]);
  });
});
