/**
 * The public page's one inline script (the server sends its hash in the CSP), written for the
 * renderer's markup (render-blocks.ts); ES5, no dependency. The editor's preview does not run it.
 * - Every [data-link-id] (anchors and buttons) reports its click with a beacon and lets the
 *   navigation happen (target=_blank opens the link); a middle-click on a link counts too. The
 *   referrer sent is where the visitor came from: the beacon's own Referer would be the page.
 * - An embed facade becomes its player: an iframe in the same box (class and style), focused.
 * - A copy button copies its code, or selects it in its text box when the clipboard is refused,
 *   and says "Copiado!" for two seconds (the button is aria-live).
 * - A contact form (one with a .lb-form-alert) is sent in place: the same form-encoded body, asking
 *   for JSON; its thank-you text replaces the fields, or its errors fill the role="alert" box and
 *   mark their fields. No answer or no JSON (a network failure, a proxy's page): the plain post.
 */
export const LINK_BIO_PAGE_SCRIPT =
  "(function(){var d=document,n=navigator;" +
  'function s(i){if(!n.sendBeacon)return;try{n.sendBeacon("/api/track-link-click",new Blob([JSON.stringify(' +
  '{link_id:+i,referrer:d.referrer})],{type:"application/json"}))}catch(_){}}' +
  'function f(e){var t=e.target;return t&&t.closest?t.closest("[data-link-id]"):null}' +
  'function p(b){var i=d.createElement("iframe"),h=b.getAttribute("style");i.src=b.getAttribute("data-embed-src");' +
  'i.setAttribute("allow",b.getAttribute("data-embed-allow")||"");i.setAttribute("allowfullscreen","");' +
  'i.title=b.getAttribute("data-embed-title")||"";i.className=b.className.replace("lb-embed ","lb-embed-player ");' +
  'if(h)i.setAttribute("style",h);b.parentNode.replaceChild(i,b);i.focus()}' +
  'function c(b){var x=b.parentNode.querySelector("textarea");' +
  'function k(){clearTimeout(b._t);b._l=b._l||b.textContent;b.textContent="Copiado!";' +
  "b._t=setTimeout(function(){b.textContent=b._l},2000)}" +
  'function l(){if(!x)return;x.focus();x.select();try{if(d.execCommand("copy"))k()}catch(_){}}' +
  'if(n.clipboard&&n.clipboard.writeText)n.clipboard.writeText(b.getAttribute("data-copy")).then(k,l);else l()}' +
  'd.addEventListener("click",function(e){var a=f(e);if(!a)return;s(a.getAttribute("data-link-id"));' +
  'if(a.hasAttribute("data-embed-src"))p(a);else if(a.hasAttribute("data-copy"))c(a)});' +
  'd.addEventListener("auxclick",function(e){var a=f(e);if(e.button===1&&a&&a.tagName==="A")s(a.getAttribute("data-link-id"))});' +
  "function q(m){var a=[],l=m.elements,i,x;for(i=0;i<l.length;i++){x=l[i];" +
  'if(x.name&&!x.disabled&&(x.type!=="checkbox"||x.checked))a.push(encodeURIComponent(x.name)+"="+encodeURIComponent(x.value))}' +
  'return a.join("&")}' +
  'd.addEventListener("submit",function(e){var m=e.target,a=m.querySelector&&m.querySelector(".lb-form-alert"),b;' +
  'if(!a||!window.fetch)return;e.preventDefault();b=m.querySelector("button");b.disabled=true;' +
  'fetch(m.action,{method:"POST",body:q(m),headers:{"Content-Type":"application/x-www-form-urlencoded",Accept:"application/json"}})' +
  ".then(function(r){return r.json().then(function(j){return{o:r.ok,j:j}})}).then(function(r){var j=r.j,p,l,i,k,v,t;" +
  'b.disabled=false;if(r.o){p=d.createElement("p");p.className="lb-form-thanks";p.setAttribute("role","status");' +
  'p.tabIndex=-1;p.textContent=j.message;m.textContent="";m.appendChild(p);p.focus();return}' +
  'l=j.validation_errors||[j.error];a.textContent="";for(i=0;i<l.length;i++){p=d.createElement("p");p.textContent=l[i];a.appendChild(p)}' +
  'l=m.querySelectorAll("[aria-invalid]");for(i=0;i<l.length;i++)l[i].removeAttribute("aria-invalid");' +
  'for(k in j.details){v=m.elements[k];if(v&&v.setAttribute){v.setAttribute("aria-invalid","true");t=t||v}}' +
  "if(t)t.focus()},function(){m.submit()})})})();";
