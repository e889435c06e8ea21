// Async boundary: shared singletons are negotiated before the shell runs. The chunk is named so the
// build can preload it from index.html (shared/build/preload-shared-plugin.ts).
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
