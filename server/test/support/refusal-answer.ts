import type { OperationRefused } from '../../src/domain-errors';
import { refusalStatus } from '../../src/http/ops/ops-answers';

/**
 * An operation's refusal as the edge answers it: its HTTP status (http/ops/ops-answers.ts; the domain's
 * refusal names none) and its message; 200 when it was done.
 */
export const answered = (operation: Promise<unknown>): Promise<{ status: number; message: string }> =>
  operation.then(
    () => ({ status: 200, message: '' }),
    (error: OperationRefused) => ({ status: refusalStatus(error), message: error.message }),
  );
