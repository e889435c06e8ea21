import type { RecordedRequest } from '../../../shared/test/support/recording-proxy';

/** The pay-centre calls a page made, as action name and form fields, in order. */
export function payCentreCalls(requests: readonly RecordedRequest[], action?: string): Array<{ action: string; fields: Record<string, string> }> {
  return requests
    .map((request) => ({ request, match: /^\/api\/pcpay\/([A-Za-z]+)$/.exec(request.url) }))
    .filter(({ match }) => match && (!action || match[1] === action))
    .map(({ request, match }) => ({ action: match?.[1] ?? '', fields: Object.fromEntries(new URLSearchParams(request.body)) }));
}
