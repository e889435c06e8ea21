import path from 'node:path';
import preactPackage from 'preact/package.json';
import sharedPackage from '../package.json';
import { SHARED_LIBRARY_EXPORTS, SHARED_PACKAGE, SHARED_PARTS, type SharedPart } from './shared-contract';

/**
 * Packages every app shares as singletons. React and ReactDOM are Preact's compatible layer
 * (decision 270, react-as-preact.cjs): the `react` keys carry Preact's version, so a release built
 * with real React (major 19) is refused against a Preact host and the reverse (contract-check.ts).
 * Preact itself is shared too (with its trailing-slash entry for `preact/hooks`, `preact/compat`…),
 * or a remote's JSX runtime would bring a second Preact. Router and i18n bindings ship only the
 * exports of the contract (SHARED_LIBRARY_EXPORTS), the same list in every build.
 */
const PREACT_VERSION: string = preactPackage.version;
const REACT = { singleton: true, requiredVersion: `^${PREACT_VERSION}`, version: PREACT_VERSION };

function treeShaken(name: keyof typeof SHARED_LIBRARY_EXPORTS) {
  return { usedExports: [...SHARED_LIBRARY_EXPORTS[name]], mode: 'runtime-infer' as const };
}

const LIBRARIES = {
  react: REACT,
  'react/': REACT,
  'react-dom': REACT,
  'react-dom/': REACT,
  preact: REACT,
  'preact/': REACT,
  'react-router-dom': { singleton: true, requiredVersion: '^7.0.0', treeShaking: treeShaken('react-router-dom') },
  zustand: { singleton: true, requiredVersion: '^5.0.0' },
  i18next: { singleton: true, requiredVersion: '^26.0.0' },
  'react-i18next': { singleton: true, requiredVersion: '^17.0.0', treeShaking: treeShaken('react-i18next') },
};

/**
 * The parts of @topup/shared every page gets from the host (decision 015): all that have run-time code
 * except the desktop pay centre's clients, which the phone's first page never calls. The pages that use
 * those (pay centre, game chooser) provide them, still as one singleton.
 */
export const HOST_PARTS: readonly SharedPart[] = SHARED_PARTS.filter((part) => part !== 'pay-centre-api' && part !== 'types');

/**
 * Parts the host provides but does not preload: only the checkout pages import them, so the shelf
 * pages, `#/` first, never download them (their own chunk, `topup-shared-checkout`).
 */
export const CHECKOUT_PARTS: readonly SharedPart[] = ['checkout', 'checkout-ui'];

/**
 * Who shares: the host; a production remote, which only ever runs inside the host (decision 010); or an
 * app run alone by its dev server, which needs a copy of everything.
 */
export type ShareRole = 'host' | 'remote' | 'standalone';

function partConfig(part: SharedPart, role: ShareRole) {
  const config = { singleton: true, requiredVersion: `^${sharedPackage.version}` };
  if (!HOST_PARTS.includes(part) || role === 'standalone') return config;
  if (role === 'remote') {
    // No copy of its own: a remote can never start a second store, i18n or dialog layer.
    return { ...config, import: false as const };
  }
  // A path, not the package name, so the host provides the part even where the shell itself never
  // imports it (the dialogs, the purchase core…). Relative to the host's folder, a sibling of shared/,
  // so no machine's path is built into main.js.
  const exported = (sharedPackage.exports as Record<string, string>)[`./${part}`];
  if (!exported) throw new Error(`shared/package.json exports no ./${part}`);
  return { ...config, import: path.posix.join('..', 'shared', exported), version: sharedPackage.version };
}

/** What an app shares: the libraries, and each part of @topup/shared as a singleton of its own. */
export function sharedSingletons(role: ShareRole) {
  return {
    ...LIBRARIES,
    ...Object.fromEntries(SHARED_PARTS.map((part) => [`${SHARED_PACKAGE}/${part}`, partConfig(part, role)])),
  };
}

/** The version every build shares as `react` (Preact's, decision 270). */
export const SHARED_REACT_VERSION = PREACT_VERSION;

/** Its major: a remote release must share the same one as the host. */
export const SHARED_REACT_MAJOR = Number(PREACT_VERSION.split('.')[0]);
