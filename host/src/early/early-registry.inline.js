// Inlined into index.html by the build: starts reading the remote registry with the HTML instead of
// after the shell's JavaScript, and preloads the manifest of the remote the address needs. (Its
// remoteEntry.js is not preloaded: a failed script preload made Retry fail while the remote was down.)
// The build fills in the route table (route → remote), never a URL.
/* global __ROUTE_REMOTES__ */
(function () {
  var ROUTE_REMOTES = __ROUTE_REMOTES__;
  try {
    var query = location.search + '&' + (location.hash.split('?')[1] || '');
    if (/(^|[?&])mf_preview=/.test(query) || window.sessionStorage.getItem('mf_preview')) return;
  } catch {
    return;
  }
  var registry = fetch('/mf/registry.json', { cache: 'no-store', headers: { accept: 'application/json' } }).then(function (r) {
    if (!r.ok) throw new Error('registry answered HTTP ' + r.status);
    return r.json();
  });
  window.__TOPUP_REGISTRY__ = registry;
  var remote = ROUTE_REMOTES[location.hash.replace(/^#/, '').split('?')[0] || '/'];
  if (!remote) return;
  function hint(href, as) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.href = href;
    link.as = as;
    if (as === 'fetch') link.crossOrigin = 'anonymous';
    // A failed hint must not stand in for the real request when the player retries.
    link.onerror = function () {
      link.remove();
    };
    document.head.appendChild(link);
  }
  registry.then(function (reg) {
    var entry = reg && reg.remotes && reg.remotes[remote];
    if (!entry) return;
    hint(entry.manifestUrl, 'fetch');
  }, function () {});
})();
