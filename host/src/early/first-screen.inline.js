// Inlined into index.html's head by the build, before anything else is requested: paints the top-up
// page's first screen (header, first banner, the character card's fields; at `#/` without a game, the
// card that sends the player to the Voucher Center), a bundle's page (`#/prod`: header, the bundle's
// picture, the character card) and the Voucher Center's hero (`#/index_1`) from the HTML, before any
// of the store's JavaScript.
// The server writes what it knows of each game into #first-screen-data (server/src/http/web/first-screen.ts);
// the address's hash, known only here, picks the game, the area and the language as the shell will.
// It is a picture of the page, hidden from screen readers and inert, until the page shows the same
// things itself. Nothing is painted for a game or an area the catalogue does not sell: the neutral
// skeleton stays.
// The build fills in the page's words (from the top-up page's own strings) and the desktop width.
/* global __FIRST_SCREEN_WORDS__, __DESKTOP_MIN_WIDTH__ */
(function () {
  var WORDS = __FIRST_SCREEN_WORDS__;
  var DESKTOP_MIN_WIDTH = __DESKTOP_MIN_WIDTH__;
  try {
    var path = location.hash.replace(/^#/, '').split('?')[0] || '/';
    // The top-up page, a bundle's page (`#/prod`: its picture, asked of the server by its product_id),
    // or the Voucher Center's list (`#/index_1`): its hero, words only.
    var voucher = path === '/index_1';
    var product = path === '/prod';
    if ((path !== '/' && !voucher && !product) || (window.matchMedia && window.matchMedia('(min-width: ' + DESKTOP_MIN_WIDTH + 'px)').matches)) return;
    // As the shell's pageQuery: the hash route's query first, then the page's.
    var query = new URLSearchParams((location.hash.split('?')[1] || '') + '&' + location.search.slice(1));
    if (query.has('mf_preview') || sessionStorage.getItem('mf_preview')) return;
    var get = function (key) {
      return (query.get(key) || '').trim();
    };
    var stored = function (key) {
      return localStorage.getItem(key) || '';
    };
    var gameId = voucher ? '' : get('game_id');
    var productId = get('product_id');
    // A product page without its game or bundle shows a message of its own.
    if (product && !(gameId && productId)) return;
    // `#/` without a game is the page that sends the player to the Voucher Center: no catalogue in it.
    var game = gameId && JSON.parse(document.getElementById('first-screen-data').textContent).games[gameId];
    // As the page's readEntryQuery: the link's area, else the one remembered, else us.
    var area = (get('area') || stored('area') || 'us').toLowerCase();
    var sold = game && game.areas[area];
    if (gameId && !sold) return;
    // As the shell's initialLocale (spec §9): the link's language, the player's choice, the area's.
    var lang = [get('lang'), stored('lang')].filter(function (l) {
      return WORDS[l];
    })[0];
    if (!lang) {
      var areaOfLang = get('area') || stored('area');
      lang = !areaOfLang || /^(us|en|multi|as|eu)$/i.test(areaOfLang) ? 'en' : /^kr$/i.test(areaOfLang) ? 'ko' : 'zh';
    }
    var words = WORDS[lang];

    var el = function (tag, className, text) {
      var node = document.createElement(tag);
      if (className) node.className = className;
      if (text) node.textContent = text;
      return node;
    };
    var add = function (parent, child) {
      parent.appendChild(child);
      return child;
    };
    var screen = el('div', 'fs');
    screen.id = 'first-screen';
    screen.setAttribute('aria-hidden', 'true');
    screen.inert = true;
    var page = add(screen, el('div', voucher ? 'fs-vc' : 'fs-page'));
    if (voucher) {
      // As remote-voucher/src/pages/VoucherCenterPage.tsx: the title, the line under it and the
      // count's place, kept before the list arrives.
      var hero = add(page, el('div', 'fs-vc-hero'));
      add(hero, el('div', 'fs-vc-hero__title', words.voucherTitle));
      add(hero, el('div', 'fs-vc-hero__subtitle', words.voucherSubtitle));
      add(hero, el('span', 'fs-vc-hero__count', '\u00a0'));
    } else if (!gameId) {
      var noGame = add(page, el('div', 'fs-card fs-no-game'));
      add(noGame, el('div', 'fs-no-game__title', words.noGameTitle));
      add(noGame, el('div', 'fs-no-game__body', words.noGameBody));
      add(noGame, el('span', 'fs-button fs-button--link', words.noGameLink));
    } else {
      // The page's largest image first (an image loads before it is placed), then the game's icon.
      var banner = !product && sold.banner && el('img');
      var picture = product && el('img');
      if (picture) {
        picture.fetchPriority = 'high';
        picture.alt = '';
        picture.width = picture.height = 160;
        picture.src = '/first-screen/bundle-picture?' + new URLSearchParams({ game_id: gameId, area: area, product_id: productId });
        // Not on sale (404): its place stays empty, and the page says so.
        picture.onerror = function () {
          picture.style.visibility = 'hidden';
        };
      }
      // The shell's code is asked for once this picture is painted (index.html's next inline script,
      // shared/build/scripts-after-first-image.ts): on a slow network it has the connection to itself.
      window.topupFirstImage = banner || picture || null;
      if (banner) {
        banner.fetchPriority = 'high';
        banner.alt = '';
        banner.width = 750;
        banner.height = 300;
        banner.src = sold.banner[lang];
      }
      var header = add(page, el('div', 'fs-header'));
      var logo = add(add(header, el('span', 'fs-logo')), el('img'));
      logo.src = game.icon;
      logo.alt = '';
      logo.width = logo.height = 48;
      var text = add(header, el('div', 'fs-text'));
      add(text, el('div', 'fs-title', game.name[lang]));
      add(text, el('div', 'fs-tagline', words.tagline));
      add(header, el('span', 'fs-help')).innerHTML =
        '<svg viewBox="0 0 24 24" width="20" height="20"><circle cx="12" cy="12" r="9.5" stroke="currentColor" stroke-width="1.8" fill="none"/><path d="M9.4 9.3a2.7 2.7 0 0 1 5.2.9c0 1.8-2.6 2.2-2.6 3.9" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" fill="none"/><circle cx="12" cy="17.2" r="1.1" fill="currentColor"/></svg>';
      if (banner) add(add(page, el('div', 'fs-banner')), banner);
      // The bundle's card as the page's skeleton has it (ProductOfferCard): its picture, then its words.
      if (picture) {
        var offer = add(page, el('div', 'fs-card'));
        add(offer, el('div', 'fs-h2', words.productTitle));
        add(add(offer, el('div', 'fs-pic')), picture);
        add(offer, el('div', 'fs-lines'));
        add(offer, el('div', 'fs-lines fs-lines--offer'));
      }
      // The character card only when the page starts with the empty form: no character, server or
      // region in the link, none remembered on this device (spec §4's cache, the recent characters),
      // and no help picture beside the title.
      var plainForm =
        !game.help &&
        !['role_id', 'server_id', 'region', 'finish_pay'].some(get) &&
        !['role_id', 'server_name', 'area_name', 'roleInfo', 'topup:recent-characters'].some(stored);
      if (plainForm) {
        var card = add(page, el('div', 'fs-card'));
        add(add(card, el('div', 'fs-head')), el('div', 'fs-h2', words.title));
        var form = add(card, el('div', 'fs-form'));
        var field = function (label, value, placeholder, picker) {
          var box = add(form, el('div', 'fs-field'));
          add(box, el('div', 'fs-label', label));
          var control = add(box, el('div', picker ? 'fs-select' : 'fs-input'));
          add(control, el('span', value ? 'fs-value' : 'fs-placeholder', value || placeholder));
          if (picker) {
            control.insertAdjacentHTML('beforeend', '<svg viewBox="0 0 24 24" width="18" height="18"><path d="m9 6 6 6-6 6" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" fill="none"/></svg>');
          }
        };
        if (sold.region) field(words.region, sold.region, '', true);
        field(words.server, '', words.serverPlaceholder, true);
        field(words[game.byName ? 'name' : 'id'], '', words[game.byName ? 'namePlaceholder' : 'idPlaceholder'], false);
        add(form, el('div', 'fs-button', words.search));
      }
    }
    var root;
    // Right under the bar the HTML already shows (and a demo's ribbon above it), once the body is read:
    // before the shell's deferred code runs. The images above are already on their way.
    var show = function () {
      root = document.getElementById('root');
      screen.style.top = root.firstChild.getBoundingClientRect().bottom + 'px';
      root.parentNode.insertBefore(screen, root.nextSibling);
      watch.observe(root, { childList: true, subtree: true, characterData: true });
      window.addEventListener('hashchange', end);
    };
    // It goes once the top-up page (remote-topup/src/pages/MainPage.tsx) shows the same itself: the
    // game's name in its header and its banner's place settled; a bundle's page, its card; the Voucher
    // Center, its hero. Also when the page cannot show them
    // (its shelf's Retry, the shell's Retry) and for another page of the store. Watching the page's
    // DOM adds nothing to the JavaScript a phone downloads.
    var end = function () {
      screen.remove();
      watch.disconnect();
    };
    var watch = new MutationObserver(function () {
      var title = root.querySelector('.tp-header__title');
      // The game's name, or (a catalogue changed meanwhile) its icon or its shelf's tabs: the page has the game.
      var named = title && (title.textContent === game.name[lang] || root.querySelector('.tp-header__logo img, .tp-tabs, .tp-shelf__empty'));
      var drawn = voucher
        ? root.querySelector('.vc-hero')
        : product
          ? root.querySelector('.tp-product .tp-bundle, .tp-product-failed, .tp-product-message')
          : gameId ? named && !root.querySelector('.tp-banner--placeholder') : root.querySelector('.tp-no-game');
      if (drawn || root.querySelector('[data-remote-unavailable], .tp-shelf__failed')) end();
      // A page whose code has run but that does not reach that state (an answer that never comes, a
      // message this script does not know) is shown as it is 5 s after it started: never hidden behind
      // the picture. (Not the shell's frame: a slow network may take longer than that to bring the code.)
      else if (!late && root.querySelector('.tp-page, .vc-page')) late = setTimeout(end, 5000);
    });
    var late = 0;
    document.documentElement.lang = lang;
    document.addEventListener('readystatechange', show, { once: true });
  } catch {
    // No description, no storage: the neutral skeleton stays.
  }
})();
