import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

declare global {
  interface Window {
    /** The manifest read started by index.html's inline script for the page the address shows. */
    __TOPUP_MANIFEST__?: { readonly url: string; readonly response: Promise<Response> };
  }
}

/** The early manifest answer for this URL, taken once: a Retry or a later page reads afresh. */
export function takeEarlyManifest(url: string): Promise<Response> | null {
  const early = typeof window !== 'undefined' ? window.__TOPUP_MANIFEST__ : undefined;
  if (!early || early.url !== new URL(url, window.location.href).href) return null;
  delete window.__TOPUP_MANIFEST__;
  return early.response;
}

/**
 * Hands the federation runtime the manifest index.html already asked for, so a page load reads each
 * manifest once. A failed or refused early answer is not used: the runtime then asks itself.
 */
export function earlyManifestPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'topup-early-manifest',
    fetch(url) {
      const early = takeEarlyManifest(url);
      if (!early) return undefined;
      return early.then(
        (response) => (response.ok ? response : undefined),
        () => undefined,
      ) as Promise<Response>;
    },
  };
}
