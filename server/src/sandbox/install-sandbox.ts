import type { Db } from '../db/db';
import type { PaymentProvider } from '../payments';
import { SandboxPaymentProvider } from './payments/sandbox-payment-provider';

// The sandbox's routes and servers are wired in by server/src/http/sandbox/install-sandbox.ts.

/** The sandbox provider's own books, to reconcile against: this process sends no webhook. */
export function sandboxPaymentBooks(db: Db, webhookSecret: string): PaymentProvider {
  return new SandboxPaymentProvider({ db, webhookSecret, webhookUrl: () => null });
}
