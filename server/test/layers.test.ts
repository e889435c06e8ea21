import path from 'node:path';
import { ESLint } from 'eslint';

// The server's layers (docs/architecture.md, "Server") are kept by lint: this proves the rule bites.
const root = path.resolve(__dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function layerProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('layers of the server', () => {
  it.each([
    ['server/src/orders/x.ts', "import { ApiError } from '../api/api-error';"],
    ['server/src/payments/x.ts', "import type { ActionInput } from '../api/action';"],
    ['server/src/x.ts', "import { RET } from './api/ret-codes';"],
    ['server/src/sandbox/game/x.ts', "import { message } from '../../api/messages';"],
    ['server/src/orders/x.ts', "import { SandboxPaymentProvider } from '../sandbox/payments/sandbox-payment-provider';"],
    ['server/src/delivery/x.ts', "import { SwitchableSandboxGame } from '../sandbox/game/mail-failures';"],
    ['server/src/api/x.ts', "import { sandboxGame } from '../sandbox/install-sandbox';"],
  ])('%s may not %s', async (file, code) => {
    expect(await layerProblems(file, code)).not.toEqual([]);
  });

  it.each([
    ['server/src/api/x.ts', "import { placeOrder } from '../orders/place-order';"],
    ['server/src/orders/x.ts', "import { DomainError } from '../domain-errors';"],
    ['server/src/sandbox/game/x.ts', "import type { GameGateway } from '../../game/game-gateway';"],
    ['server/src/app.ts', "import { apiPlugin } from './api/api-plugin';"],
    ['server/src/app.ts', "import { sandboxGame } from './sandbox/install-sandbox';"],
    ['server/src/main.ts', "import { seedIfEmpty } from './sandbox/seed/seed-demo';"],
    ['server/src/cli/x.ts', "import { sandboxPaymentBooks } from '../sandbox/install-sandbox';"],
  ])('%s may %s', async (file, code) => {
    expect(await layerProblems(file, code)).toEqual([]);
  });
});
