import { REMOTE_IDS, type RemoteId } from '@topup/shared/contracts';
import { OperationRefused } from '../domain-errors';
import type { RegistryService } from './registry-service';
import type { Signer } from './signing-key';

/** Hours a preview link works: a working day. */
export const PREVIEW_LINK_HOURS = 8;
const PURPOSE = 'preview';

/**
 * A preview value (`?mf_preview=`) an operator may hand to a tester: `remote@version~expires~signature`.
 * Only the store can sign one, and only for an operator (the release console, or the ops token).
 */
export function signPreview(signer: Signer, previews: string, now = Date.now()): { value: string; expires: number } {
  const expires = Math.floor(now / 1000) + PREVIEW_LINK_HOURS * 3600;
  const text = `${previews}~${expires}`;
  return { value: `${text}~${signer.sign(PURPOSE, text)}`, expires };
}

/** The previews (`remote@version,…`) a value grants, when the store signed it and it has not expired. */
export function openPreview(signer: Signer, value: string, now = Date.now()): string | null {
  const [previews, expires, signature, extra] = value.split('~');
  if (!previews || !expires || !signature || extra !== undefined || !/^\d{1,12}$/.test(expires)) return null;
  if (!signer.verify(PURPOSE, `${previews}~${expires}`, signature) || Number(expires) * 1000 < now) return null;
  return previews;
}

export interface PreviewLink {
  /** The store's page with the preview, relative to its origin. */
  readonly link: string;
  readonly expires_at: string;
}

/** A signed link that shows a released remote version in the tester's tab; refused for a rolled-back one. */
export async function previewLink(registry: Pick<RegistryService, 'previewRefusal'>, signer: Signer, app: string, version: string): Promise<PreviewLink> {
  if (!(REMOTE_IDS as string[]).includes(app)) throw new OperationRefused('invalid', `Only a remote can be previewed, not "${app}"`, 'invalid');
  const refusal = await registry.previewRefusal(app as RemoteId, version);
  if (refusal) throw new OperationRefused(refusal.refusal === 'rolledBack' ? 'conflict' : 'notFound', refusal.message, refusal.refusal);
  const { value, expires } = signPreview(signer, `${app}@${version}`);
  return { link: `/?mf_preview=${encodeURIComponent(value)}#/`, expires_at: new Date(expires * 1000).toISOString() };
}
