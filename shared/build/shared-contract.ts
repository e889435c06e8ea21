/**
 * The build-time half of the contract between the host and the remotes: which shared libraries'
 * exports and which parts of @topup/shared every build shares. Builds, lint and the release check
 * (through each build's manifest) read it; no page does, so it never ships to a browser.
 */

/**
 * The exports of shared libraries the store may use. Builds ship only these (tree-shaken shared
 * modules), lint refuses any other import of them, and a release whose list is not covered by
 * the host's is refused: a remote needing more would otherwise load a second copy of the library.
 */
export const SHARED_LIBRARY_EXPORTS = {
  'react-router-dom': [
    'HashRouter',
    'MemoryRouter',
    'Link',
    'NavLink',
    'Navigate',
    'Route',
    'Routes',
    'useLocation',
    'useNavigate',
    'useParams',
    'useSearchParams',
    'NavigateOptions',
  ],
  'react-i18next': ['I18nextProvider', 'initReactI18next', 'useTranslation', 'Trans'],
} as const satisfies Readonly<Record<string, readonly string[]>>;

/**
 * The parts of `@topup/shared` that browser code imports, as `@topup/shared/<part>` (package.json
 * "exports"), in dependency order: a part imports only parts listed before it, so no two depend on each
 * other. Each part is one federation singleton; builds share exactly these, lint allows exactly these,
 * and a release is refused when the live host's build does not know one of them (decision 015).
 */
export const SHARED_PARTS = [
  'contracts',
  'types',
  'sign',
  'rules',
  'store',
  'api',
  'pay-centre-api',
  'ui',
  'query',
  'purchase',
  'checkout',
  'purchase-ui',
  'checkout-ui',
] as const;

export type SharedPart = (typeof SHARED_PARTS)[number];

/** The package whose parts are shared. */
export const SHARED_PACKAGE = '@topup/shared';
