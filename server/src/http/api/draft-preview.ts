import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/db';
import type { Catalogue } from '../../catalogue/catalogue';
import { DraftPreviews } from '../../catalogue/catalogue-drafts';
import { isPreviewSession, PREVIEW_COOKIE, type SessionSettings } from '../../ops/sessions';


/** The cookie's value in a request's Cookie header, or null (no cookie parser runs under /api). */
function previewCookieOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header || header.length > 8192) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === PREVIEW_COOKIE) return part.slice(at + 1).trim();
  }
  return null;
}

/**
 * The catalogue with the draft applied, for a request whose preview cookie names a live, fully signed-in
 * operator's session; null for every other request (players have no such cookie, and one forged, copied
 * from an ended session or of a disabled operator is ignored: the published catalogue is answered).
 */
export function draftPreviewOf(db: Db, sessions: SessionSettings): (request: FastifyRequest) => Promise<Catalogue | null> {
  const previews = new DraftPreviews(db);
  return async (request) => {
    const cookie = previewCookieOf(request);
    if (!cookie) return null;
    try {
      return (await isPreviewSession(db, cookie, sessions)) ? await previews.catalogue() : null;
    } catch {
      // The database away: the published catalogue, as for everyone.
      return null;
    }
  };
}
