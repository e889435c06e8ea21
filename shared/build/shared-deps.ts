import { SHARED_LIBRARY_EXPORTS } from '../src/contracts';

/**
 * Packages every app shares as singletons. React 19 needs the trailing-slash entries or
 * `react-dom/client` and `react/jsx-runtime` get bundled a second time. Router and i18n bindings
 * ship only the exports of the contract (SHARED_LIBRARY_EXPORTS), the same list in every build.
 */
const REACT = '^19.2.0';

function treeShaken(name: keyof typeof SHARED_LIBRARY_EXPORTS) {
  return { usedExports: [...SHARED_LIBRARY_EXPORTS[name]], mode: 'runtime-infer' as const };
}

export const SHARED_SINGLETONS = {
  react: { singleton: true, requiredVersion: REACT },
  'react/': { singleton: true, requiredVersion: REACT },
  'react-dom': { singleton: true, requiredVersion: REACT },
  'react-dom/': { singleton: true, requiredVersion: REACT },
  'react-router-dom': { singleton: true, requiredVersion: '^7.0.0', treeShaking: treeShaken('react-router-dom') },
  zustand: { singleton: true, requiredVersion: '^5.0.0' },
  i18next: { singleton: true, requiredVersion: '^26.0.0' },
  'react-i18next': { singleton: true, requiredVersion: '^17.0.0', treeShaking: treeShaken('react-i18next') },
  '@topup/shared': { singleton: true, requiredVersion: '^0.1.0' },
};

/** The React major the host ships; a remote release must share the same one. */
export const SHARED_REACT_MAJOR = 19;
