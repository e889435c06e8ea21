// The store renders with Preact's React-compatible layer (decision 270): every import of React and
// ReactDOM, in our code and in the React libraries we use, resolves to these modules, in the browser
// build (create-app-config.ts) and under jest (jest.config.js). One list, so both run the same renderer.
// CommonJS so jest.config.js can read it too.

/** Import request → the Preact module that answers it. */
const REACT_AS_PREACT = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/test-utils': 'preact/test-utils',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

module.exports = { REACT_AS_PREACT };
