// The inline script of a prerendered public page (scripts/prerender.mjs writes it into each page's
// head; the server allows it by its hash). Its own module so the web's unit tests can run it.

/**
 * The page's one inline script, allowed by its hash (the server's Content-Security-Policy):
 * - Before the first paint: a visitor whose saved settings differ from what was prerendered (another
 *   language, right-to-left, dark or another theme colour) would see the wrong page for a moment.
 *   Their prerendered page stays hidden, as every page was before prerendering, until main.tsx
 *   renders the right one.
 * - The entry script, the English strings and the page's own chunk (the landing and sign-in pages
 *   are lazy, so that signed-in pages never download their forms) are fetched and run only after
 *   the first paint and once the document is parsed whole: the page shows first, then hydrates. (A
 *   script added by a script runs as soon as it arrives; on a slow link the first frame can come
 *   before the rest of the page, and the entry then found no #root, or hydrated half a page.)
 * - A form submitted before the page has come alive (#root[data-hydrated]) is held, not sent by the
 *   browser (a GET with the password in the address); it is submitted once hydrated
 *   (src/app/prerenderedEdits.ts).
 * @param {string[]} files the page's chunks and catalogue to preload, relative to /portal/
 * @param {string} entrySrc the entry script's address
 */
export const prerenderedPageScript = (files, entrySrc) =>
  `<script>try{var s=JSON.parse(localStorage.getItem('portal.settings')||'{}');` +
  `if((s.locale&&s.locale!=='en')||s.isDirectionRTL||s.darkTheme||(s.themeColor&&s.themeColor!=='indigo'&&s.themeColor!=='school'))` +
  `document.documentElement.setAttribute('data-prerendered','stale')}catch(e){}` +
  `addEventListener('submit',function(e){if(!document.querySelector('#root[data-hydrated]')){` +
  `e.preventDefault();e.target.setAttribute('data-held-submit','')}},true);` +
  `function go(){` +
  `${JSON.stringify(files.map((file) => `/portal/${file}`))}.forEach(function(h){var l=document.createElement('link');` +
  `l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});` +
  `var e=document.createElement('script');` +
  `e.type='module';e.crossOrigin='';e.src=${JSON.stringify(entrySrc)};document.head.appendChild(e)}` +
  `requestAnimationFrame(function(){setTimeout(function(){` +
  `if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',go);else go()})})</script>` +
  `<style>html[data-prerendered=stale] #root{visibility:hidden}</style>`;
