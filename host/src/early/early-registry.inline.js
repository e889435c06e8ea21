// Inlined into index.html by the build: starts reading the remote registry with the HTML instead of
// after the shell's JavaScript, then reads the manifest of the remote the address needs and preloads
// the code and styles of the page it will show, so they arrive while the shell's own code runs.
// The shell's federation runtime takes the manifest answer from here (once) instead of asking again.
// Its remoteEntry.js is not preloaded: a failed script preload made Retry fail while the remote was down.
// The build fills in the route table (route → [remote, page]), never a URL, and the desktop width.
/* global __ROUTE_PAGES__, __DESKTOP_MIN_WIDTH__ */
(function () {
  var ROUTE_PAGES = __ROUTE_PAGES__;
  var DESKTOP_MIN_WIDTH = __DESKTOP_MIN_WIDTH__;
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
  var path = location.hash.replace(/^#/, '').split('?')[0] || '/';
  // As the shell's DesktopSwitch does: `/` on a wide window is the pay centre.
  if (path === '/' && window.matchMedia && window.matchMedia('(min-width: ' + DESKTOP_MIN_WIDTH + 'px)').matches) path = '/pcIndex';
  var page = ROUTE_PAGES[path];
  if (!page) return;
  function hint(href, as) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.href = href;
    link.as = as;
    // A failed hint must not stand in for the real request when the player retries.
    link.onerror = function () {
      link.remove();
    };
    document.head.appendChild(link);
  }
  registry
    .then(function (reg) {
      var entry = reg && reg.remotes && reg.remotes[page[0]];
      if (!entry) return;
      var url = new URL(entry.manifestUrl, location.href).href;
      var answer = fetch(url, {});
      window.__TOPUP_MANIFEST__ = { url: url, response: answer };
      return answer.then(function (r) {
        if (!r.ok) return;
        return r
          .clone()
          .json()
          .then(function (manifest) {
            var publicPath = manifest.metaData && manifest.metaData.publicPath;
            var base = publicPath && publicPath !== 'auto' ? publicPath : url.slice(0, url.lastIndexOf('/') + 1);
            var expose = (manifest.exposes || []).filter(function (e) {
              return e.name === page[1];
            })[0];
            if (!expose) return;
            expose.assets.css.sync.forEach(function (file) {
              hint(base + file, 'style');
            });
            expose.assets.js.sync.forEach(function (file) {
              hint(base + file, 'script');
            });
          });
      });
    })
    .catch(function () {});
})();
