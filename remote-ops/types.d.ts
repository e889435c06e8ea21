declare module '*.css';
declare const __BUILD_VERSION__: string;
declare const __APP_NAME__: string;
