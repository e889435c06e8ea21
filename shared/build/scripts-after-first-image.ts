import fs from 'node:fs';
import path from 'node:path';
import type { Compiler } from '@rspack/core';

/** A `<link rel="preload">` to add: its address and what it is (`script`, `style`). */
export type Hint = readonly [href: string, as: string];

const DEFERRED = /<script defer[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;

/**
 * index.html's deferred scripts (the shell's entry and its chunks), asked for after the first screen's
 * largest image has been painted, instead of by tags the preload scanner finds before that image is even
 * asked for (decision 020).
 *
 * host/src/early/first-screen.inline.js asks for the top-up page's banner (or a bundle's picture) in the
 * head and leaves it in `window.topupFirstImage`. When there is one, this line of inline script waits
 * for it to load (or fail, or 1.5 s at most), lets a frame paint it, then asks for the scripts and
 * `hints`: on a slow phone network the picture no longer shares the connection with ~150 KB of script.
 * Without one (another page, a desktop, a game not sold), everything is asked for at once, as before.
 * Either way the scripts run in their order once the body is read, as deferred scripts do.
 * Answers the HTML unchanged when it has no deferred script.
 */
export function scriptsAfterFirstImage(html: string, hints: readonly Hint[]): string {
  const scripts = [...html.matchAll(DEFERRED)].map((match) => match[1]!);
  if (!scripts.length) return html;
  const starter =
    '<script>(function(){' +
    `var scripts=${JSON.stringify(scripts)},hints=${JSON.stringify(hints)},image=window.topupFirstImage,wait=!!image&&!image.complete,pending=wait?2:1,started=false;` +
    'var add=function(tag,props){var node=Object.assign(document.createElement(tag),props);document.head.appendChild(node)};' +
    "var fetchAll=function(){scripts.forEach(function(src){add('link',{rel:'preload',as:'script',href:src,fetchPriority:'high'})});" +
    "hints.forEach(function(h){add('link',{rel:'preload',href:h[0],as:h[1]})})};" +
    "var start=function(){if(started)return;started=true;if(wait)fetchAll();scripts.forEach(function(src){add('script',{src:src,async:false})})};" +
    'var step=function(){if(--pending)return;if(wait)requestAnimationFrame(function(){setTimeout(start,0)});else start()};' +
    'if(!wait)fetchAll();' +
    "document.addEventListener('readystatechange',step,{once:true});" +
    "if(wait){var settled=false,settle=function(){if(!settled){settled=true;step()}};image.addEventListener('load',settle);image.addEventListener('error',settle);setTimeout(settle,1500)}" +
    '})()</script>';
  let first = true;
  return html.replace(DEFERRED, () => {
    if (!first) return '';
    first = false;
    return starter;
  });
}

/** For a build without the federation's preload hints (the benchmarks' monolith): its scripts as the store's. */
export class ScriptsAfterFirstImagePlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('ScriptsAfterFirstImagePlugin', (compilation) => {
      const htmlFile = path.join(compilation.outputOptions.path ?? compiler.outputPath, 'index.html');
      if (!fs.existsSync(htmlFile)) return;
      // Written once: a rewritten page has no deferred script left, and comes back unchanged.
      fs.writeFileSync(htmlFile, scriptsAfterFirstImage(fs.readFileSync(htmlFile, 'utf8'), []));
    });
  }
}
