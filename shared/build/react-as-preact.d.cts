/** Import request → the Preact module that answers it (react-as-preact.cjs). */
export declare const REACT_AS_PREACT: Readonly<Record<string, string>>;
