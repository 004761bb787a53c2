import "server-only";
import { createHash, randomBytes } from "node:crypto";

/**
 * The reporter: a small script of ours put first in every HTML page the preview and the hosting serve. It tells the
 * window that frames the page what goes wrong inside it, with `postMessage` (it never reads the parent): uncaught
 * errors, unhandled rejections, `console.error`/`warn`/`log`, failed loads of scripts, stylesheets and images, and
 * the page's navigation; a failed load of the preview's own URL whose status the timing entry hides (the sandboxed page
 * has an opaque origin, so a no-cors response's status reads 0) is asked again with a HEAD request. "Select element":
 * the parent's `{ atelier: "preview-pick", pick }` (from the parent's window only) starts or ends a pick mode where
 * moving the pointer outlines the element under it, a click reports it (`picked`: tag, short selector, first 80 characters of text, source)
 * instead of reaching the app, and Esc ends it (`pick-cancelled`). Every message is `{ atelier: "preview-report", kind, … }` with strings cut short here; the
 * dashboard validates and caps them again (it trusts nothing a generated app can send).
 */
const REPORTER = `(function(){
var P=window.parent;if(!P||P===window)return;
var T=function(v,n){v=String(v==null?"":v);return v.length>n?v.slice(0,n)+"\\u2026":v};
var S=function(m){m.atelier="preview-report";try{P.postMessage(m,"*")}catch(e){}};
var A=function(a){return Array.prototype.map.call(a,function(x){if(x instanceof Error)return x.stack||String(x);if(typeof x==="object"){try{return JSON.stringify(x)}catch(e){}}return String(x)}).join(" ")};
addEventListener("error",function(e){var t=e.target;
if(t&&t!==window&&t.tagName){var u=t.src||t.href||"",g=t.tagName.toLowerCase(),r=performance.getEntriesByName(u)[0],
L=function(s){S({kind:"load-failed",tag:g,url:T(u,2000),status:s})};
if(r&&r.responseStatus)L(r.responseStatus);else if(u.indexOf(location.origin+"/")==0)fetch(u,{method:"HEAD"}).then(function(x){L(x.status)},function(){L(0)});else L(0);return}
S({kind:"error",message:T(e.message,2000),file:T(e.filename,2000),line:e.lineno|0,column:e.colno|0,stack:T(e.error&&e.error.stack,4000)})},true);
addEventListener("unhandledrejection",function(e){var r=e.reason;
S({kind:"rejection",message:T(r instanceof Error?r.message:A([r]),2000),stack:T(r&&r.stack,4000)})});
["error","warn","log","info"].forEach(function(l){var o=console[l];console[l]=function(){
S({kind:"console",level:l,text:T(A(arguments),2000)});return o.apply(console,arguments)}});
var K=0,H,B,D=document.documentElement,C=function(x){return CSS.escape(x)},
O=function(t){if(H)H.style.outline=B;H=t;if(t){B=t.style.outline;t.style.outline="2px solid #2563eb"}},
Z=function(){K=0;O();D.style.cursor=""},
Q=function(t){for(var p=[],i=0;t&&t.tagName&&i<3;i++){var s=t.tagName.toLowerCase();if(t.id){p.unshift(s+"#"+C(t.id));break}
var c=(t.getAttribute("class")||"").trim().split(/\\s+/).filter(Boolean).slice(0,2).map(C),n=1,k=t;if(c.length)s+="."+c.join(".");
while(k=k.previousElementSibling)if(k.tagName==t.tagName)n++;if(n>1)s+=":nth-of-type("+n+")";p.unshift(s);if(t.tagName=="BODY")break;t=t.parentElement}return p.join(" > ")};
addEventListener("message",function(e){var d=e.data;if(e.source!==P||!d||d.atelier!=="preview-pick")return;if(d.pick){K=1;D.style.cursor="crosshair"}else Z()});
addEventListener("mousemove",function(e){if(K&&e.target!==H)O(e.target)},true);
addEventListener("click",function(e){if(!K)return;e.preventDefault();e.stopImmediatePropagation();var t=e.target,f=t.closest("[data-source]");Z();
S({kind:"picked",tag:t.tagName.toLowerCase(),selector:T(Q(t),500),text:(t.innerText||t.textContent||"").replace(/\\s+/g," ").trim().slice(0,80),file:T(f?f.getAttribute("data-source"):location.href,2000)})},true);
addEventListener("keydown",function(e){if(K&&e.key=="Escape"){Z();S({kind:"pick-cancelled"})}},true);
var N=function(){S({kind:"navigation",url:T(location.href,2000)})};
N();addEventListener("hashchange",N);addEventListener("popstate",N);
})();`;

/** The reporter's source, on one line so that it moves no line of the page (tests measure it: under 3 KB). */
export const REPORTER_SOURCE = REPORTER.replace(/\n/g, "");

/** The `sha256-…` of an inline event handler attribute, for `'unsafe-hashes'`. */
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * Puts the reporter, nonce'd, first in the page (after `<head>`, else after `<html>` or the doctype, else at the
 * start) and returns it with the `script-src` that lets it run: the nonce is new for every response. The page's own
 * inline scripts get the same nonce (a nonce turns `'unsafe-inline'` off, and they are the app's, not injected by a
 * visitor: the preview serves stored files only), its inline event handlers are allowed by their hashes, and its
 * external scripts load from anywhere (as before).
 */
export function withReporter(html: string): { html: string; scriptSrc: string } {
  const nonce = randomBytes(16).toString("base64");
  const tag = `<script nonce="${nonce}">${REPORTER_SOURCE}</script>`;
  const stamped = html
    .replace(/<script\b(?![^>]*\bsrc\s*=)([^>]*)>/gi, (_m, attrs: string) =>
      /\bnonce\s*=/i.test(attrs) ? `<script${attrs}>` : `<script nonce="${nonce}"${attrs}>`,
    )
    // The page's own scripts (a relative src) load in CORS mode, so that their errors reach the reporter in full:
    // the sandboxed page has an opaque origin, and a script from any other origin reports only "Script error.".
    .replace(
      /<script\b(?=[^>]*\bsrc\s*=\s*(?!["']?(?:[a-z][a-z0-9+.-]*:|\/\/)))(?![^>]*\bcrossorigin\b)/gi,
      "<script crossorigin",
    );
  const at =
    /<head\b[^>]*>/i.exec(stamped) ?? /<html\b[^>]*>/i.exec(stamped) ?? /<!doctype[^>]*>/i.exec(stamped) ?? null;
  const cut = at ? at.index + at[0].length : 0;
  const out = `${stamped.slice(0, cut)}${tag}${stamped.slice(cut)}`;
  const handlers = new Set<string>();
  for (const m of html.matchAll(/\son[a-z]+\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) handlers.add(m[1] ?? m[2] ?? "");
  const hashes = [...handlers].slice(0, 200).map(sha256);
  const scriptSrc = [
    "script-src",
    `'nonce-${nonce}'`,
    ...(hashes.length ? ["'unsafe-hashes'", ...hashes] : []),
    "'unsafe-eval'",
    "'self'",
    "https:",
    "http:",
    "blob:",
    "data:",
  ].join(" ");
  return { html: out, scriptSrc };
}
