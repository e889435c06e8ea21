/**
 * index.html's scripts are asked for after the first screen's picture is painted (decision 020): the
 * rewrite of the built HTML, and its inline script run in a document.
 */
import { scriptsAfterFirstImage, type Hint } from '../build/scripts-after-first-image';

const BUILT =
  '<html><head><script>/* first screen */</script>' +
  '<script defer fetchpriority="high" src="/main.1a2b3c4d.js"></script>' +
  '<script defer src="/vendors.5e6f7a8b.js"></script></head><body><div id="root"></div></body></html>';
const HINTS: Hint[] = [
  ['/bootstrap.11111111.js', 'script'],
  ['/bootstrap.22222222.css', 'style'],
];

/** Runs the rewritten page's inline starter in this document, as the browser would in the head. */
function runStarter(): void {
  const html = scriptsAfterFirstImage(BUILT, HINTS);
  const code = /<script>(\(function\(\)\{var scripts=[\s\S]*?)<\/script>/.exec(html)![1]!;
  new Function(code)();
}

const asked = () => ({
  preloads: Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]'), (link) => [link.getAttribute('href'), link.as]),
  scripts: Array.from(document.head.querySelectorAll<HTMLScriptElement>('script[src]'), (script) => [script.getAttribute('src'), script.async]),
});

/** The scripts added, in their order, none of them async: they run as deferred scripts did. */
const RAN_IN_ORDER = [
  ['/main.1a2b3c4d.js', false],
  ['/vendors.5e6f7a8b.js', false],
];
const NOTHING = { preloads: [], scripts: [] };

const bodyRead = () => document.dispatchEvent(new Event('readystatechange'));

function firstImage(): EventTarget & { complete: boolean } {
  const image = Object.assign(new EventTarget(), { complete: false });
  (window as unknown as { topupFirstImage: unknown }).topupFirstImage = image;
  return image;
}

beforeEach(() => {
  jest.useFakeTimers();
  document.head.innerHTML = '';
  delete (window as unknown as { topupFirstImage?: unknown }).topupFirstImage;
});

afterEach(() => jest.useRealTimers());

describe('the built HTML', () => {
  it('replaces every deferred script tag by one inline script, where the first was, keeping their order', () => {
    const html = scriptsAfterFirstImage(BUILT, HINTS);
    expect(html).not.toContain('<script defer');
    expect(html.indexOf('/* first screen */')).toBeLessThan(html.indexOf('window.topupFirstImage'));
    expect(html).toContain('var scripts=["/main.1a2b3c4d.js","/vendors.5e6f7a8b.js"]');
    expect(html).toContain('hints=[["/bootstrap.11111111.js","script"],["/bootstrap.22222222.css","style"]]');
    expect(html.endsWith('</script></head><body><div id="root"></div></body></html>')).toBe(true);
  });

  it('leaves a page without deferred scripts as it is', () => {
    const page = '<html><head><script>/* inline only */</script></head><body></body></html>';
    expect(scriptsAfterFirstImage(page, HINTS)).toBe(page);
  });
});

describe('in the page', () => {
  it('without a first picture, asks for everything at once and runs the scripts, in order, once the body is read', () => {
    runStarter();
    expect(asked()).toEqual({
      preloads: [
        ['/main.1a2b3c4d.js', 'script'],
        ['/vendors.5e6f7a8b.js', 'script'],
        ['/bootstrap.11111111.js', 'script'],
        ['/bootstrap.22222222.css', 'style'],
      ],
      scripts: [],
    });
    bodyRead();
    expect(asked().scripts).toEqual(RAN_IN_ORDER);
  });

  it('with a first picture on its way, asks for nothing until it has loaded and a frame has painted it', () => {
    const image = firstImage();
    runStarter();
    bodyRead();
    expect(asked()).toEqual(NOTHING);
    image.dispatchEvent(new Event('load'));
    expect(asked()).toEqual(NOTHING);
    jest.advanceTimersByTime(50); // the next frame, then the task after it
    expect(asked().preloads).toHaveLength(4);
    expect(asked().scripts).toEqual(RAN_IN_ORDER);
  });

  it('waits for the body too when the picture comes first', () => {
    const image = firstImage();
    runStarter();
    image.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(100);
    expect(asked().scripts).toEqual([]);
    bodyRead();
    jest.advanceTimersByTime(50);
    expect(asked().scripts).toHaveLength(2);
  });

  it('does not wait for a picture that fails', () => {
    const image = firstImage();
    runStarter();
    bodyRead();
    image.dispatchEvent(new Event('error'));
    jest.advanceTimersByTime(50);
    expect(asked().scripts).toHaveLength(2);
  });

  it('waits 1.5 s at most for a picture that does not come, and asks once', () => {
    const image = firstImage();
    runStarter();
    bodyRead();
    jest.advanceTimersByTime(1400);
    expect(asked()).toEqual(NOTHING);
    jest.advanceTimersByTime(200);
    expect(asked().scripts).toHaveLength(2);
    image.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(100);
    expect(asked().preloads).toHaveLength(4);
    expect(asked().scripts).toHaveLength(2);
  });

  it('does not wait for a picture already there', () => {
    const image = firstImage();
    image.complete = true;
    runStarter();
    expect(asked().preloads).toHaveLength(4);
    bodyRead();
    expect(asked().scripts).toHaveLength(2);
  });
});
