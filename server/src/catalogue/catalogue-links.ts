/**
 * Where the catalogue's links may lead (banner links, customer-service links): a page of the store
 * itself, or an https address on a host of BANNER_LINK_HOSTS. A link is judged as a browser reads
 * it: browsers drop tabs and line breaks anywhere in an address and read `\` as `/`, so
 * `/\t/evil.example` and `/\evil.example` are `//evil.example`, another site.
 */

export type LinkJudgement = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly problem: string };

/** The address as a browser parses it: no tabs or line breaks, no spaces or control characters around it. */
export function normalLink(url: string): string {
  // eslint-disable-next-line no-control-regex
  return url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
}

/** A link judged: its normal form when it stays on the store or goes to an allowed host, else why not. */
export function judgeLink(url: string, allowedHosts: readonly string[], who = 'banners'): LinkJudgement {
  const link = normalLink(url);
  // eslint-disable-next-line no-control-regex
  const shown = /[\u0000-\u001f\u007f]/.test(url) ? JSON.stringify(url) : url;
  const elsewhere = { ok: false, problem: `the link ${shown} must be a page of the store (starting with a single /) or an https:// address` } as const;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(link)) return { ok: false, problem: `the link ${shown} holds a backslash or a control character` };
  if (link.startsWith('#/') || /^\/(?!\/)/.test(link)) return { ok: true, url: link };
  if (!/^https:\/\/[^/]/i.test(link)) return elsewhere;
  let parsed: URL;
  try {
    parsed = new URL(link);
  } catch {
    return elsewhere;
  }
  if (parsed.username || parsed.password) return { ok: false, problem: `the link ${shown} must not carry a user name or password` };
  const host = parsed.hostname.replace(/\.$/, '');
  if (!allowedHosts.some((allowed) => allowed.toLowerCase().replace(/\.$/, '') === host)) {
    return {
      ok: false,
      problem:
        allowedHosts.length === 0
          ? `the link goes to ${host}: ${who} link only to the store's own pages unless BANNER_LINK_HOSTS lists the host`
          : `the link goes to ${host}, which is not among the hosts ${who} may link to (BANNER_LINK_HOSTS: ${allowedHosts.join(', ')})`,
    };
  }
  return { ok: true, url: link };
}

/** The problem with a link, or null. */
export function linkProblem(url: string, allowedHosts: readonly string[], who = 'banners'): string | null {
  const judged = judgeLink(url, allowedHosts, who);
  return judged.ok ? null : judged.problem;
}

/** What a page is given: the link in its normal form, or "" (no link) when it may not be followed. */
export function servedLink(url: string, allowedHosts: readonly string[]): string {
  if (url === '') return '';
  const judged = judgeLink(url, allowedHosts);
  return judged.ok ? judged.url : '';
}
