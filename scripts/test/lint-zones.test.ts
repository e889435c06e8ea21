import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
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
    ['remote-topup/src/x.ts', "import { store } from '@topup/shared/src/store/store';"],
    ['remote-voucher/src/x.tsx', "import { useMatch } from 'react-router-dom';"],
    ['host/src/x.tsx', "import { createBrowserRouter } from 'react-router-dom';"],
    ['shared/src/x.tsx', "import { withTranslation } from 'react-i18next';"],
  ])('%s may not %s', async (file, code) => {
    expect(await restrictedImports(file, code)).not.toEqual([]);
  });

  it.each([
    ['remote-topup/src/x.ts', "import { store } from '@topup/shared';"],
    ['host/src/x.ts', "import { i18n } from '@topup/shared';"],
    ['server/src/x.ts', "import { sign } from '@topup/shared/sign';"],
    ['remote-voucher/rspack.config.ts', "import { createAppConfig } from '@topup/shared/build';"],
    ['remote-pccenter/src/x.tsx', "import { useNavigate, useSearchParams } from 'react-router-dom';"],
  ])('%s may %s', async (file, code) => {
    expect(await restrictedImports(file, code)).toEqual([]);
  });
});
