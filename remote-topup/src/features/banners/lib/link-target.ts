/** Link attributes for a banner: another site opens in a new tab, the store's own pages in place. */
export function bannerLinkProps(url: string): { target?: string; rel?: string } {
  try {
    if (new URL(url, window.location.href).origin !== window.location.origin) return { target: '_blank', rel: 'noopener noreferrer' };
  } catch {
    // An address the browser cannot read stays a plain link.
  }
  return {};
}
