import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@topup/shared/build';

export default createAppConfig({ app: 'remote-ops', dir: path.dirname(fileURLToPath(import.meta.url)), devPort: 3004 });
