// Built by `make bundle` from js/js-class.js, vendor/htmx.min.js, js/hand.js, js/notices.js, js/live.js, js/offline-engine.js, js/pending.js, js/pending-scores.js, js/wake-lock.js, js/share.js, js/theme.js, js/pwa.js: edit those, not this.
// js/js-class.js
// Loaded in <head>, without defer, before the page is drawn: styles keyed on .js apply from
// the first paint, so nothing that needs JavaScript flashes up and disappears.
document.documentElement.classList.replace("no-js", "js");
// The theme chosen on this phone with the switch (theme.js), set before the first paint for
// the same reason: a page never shows the other theme first. Without a choice ("Auto") there
// is no data-theme, and the stylesheet follows the phone's own setting.
(function () {
  var theme = null;
  try {
    theme = window.localStorage.getItem("theme");
  } catch (error) {
    return; // storage refused (private browsing, blocked cookies): follow the phone
  }
  if (theme === "light" || theme === "dark") {
    document.documentElement.setAttribute("data-theme", theme);
  }
})();;
// vendor/htmx.min.js
var htmx=function(){"use strict";const Y={onLoad:null,process:null,on:null,off:null,trigger:null,ajax:null,find:null,findAll:null,closest:null,values:function(e,t){const n=pn(e,t||"post");return n.values},remove:null,addClass:null,removeClass:null,toggleClass:null,takeClass:null,swap:null,defineExtension:null,removeExtension:null,logAll:null,logNone:null,logger:null,config:{historyEnabled:true,historyCacheSize:10,refreshOnHistoryMiss:false,defaultSwapStyle:"innerHTML",defaultSwapDelay:0,defaultSettleDelay:20,includeIndicatorStyles:true,indicatorClass:"htmx-indicator",requestClass:"htmx-request",addedClass:"htmx-added",settlingClass:"htmx-settling",swappingClass:"htmx-swapping",allowEval:true,allowScriptTags:true,inlineScriptNonce:"",inlineStyleNonce:"",attributesToSettle:["class","style","width","height"],withCredentials:false,timeout:0,wsReconnectDelay:"full-jitter",wsBinaryType:"blob",disableSelector:"[hx-disable], [data-hx-disable]",scrollBehavior:"instant",defaultFocusScroll:false,getCacheBusterParam:false,globalViewTransitions:false,methodsThatUseUrlParams:["get","delete"],selfRequestsOnly:true,ignoreTitle:false,scrollIntoViewOnBoost:true,triggerSpecsCache:null,disableInheritance:false,responseHandling:[{code:"204",swap:false},{code:"[23]..",swap:true},{code:"[45]..",swap:false,error:true}],allowNestedOobSwaps:true,historyRestoreAsHxRequest:true,reportValidityOfForms:false},parseInterval:null,location:location,_:null,version:"2.0.11"};Y.onLoad=V;Y.process=Bt;Y.on=ye;Y.off=xe;Y.trigger=ae;Y.ajax=In;Y.find=a;Y.findAll=x;Y.closest=g;Y.remove=z;Y.addClass=w;Y.removeClass=S;Y.toggleClass=G;Y.takeClass=W;Y.swap=C;Y.defineExtension=zn;Y.removeExtension=Jn;Y.logAll=$;Y.logNone=_;Y.parseInterval=d;Y._=e;const n={addTriggerHandler:Et,bodyContains:ie,canAccessLocalStorage:U,findThisElement:we,filterValues:xn,swap:C,hasAttribute:s,getAttributeValue:f,getClosestAttributeValue:te,getClosestMatch:A,getExpressionVars:qn,getHeaders:yn,getInputValues:pn,getInternalData:re,getSwapSpecification:vn,getTriggerSpecs:lt,getTarget:Se,makeFragment:D,mergeObjects:se,makeSettleInfo:En,oobSwap:Te,querySelectorExt:ce,settleImmediately:Qt,shouldCancel:dt,triggerEvent:ae,triggerErrorEvent:ue,withExtensions:Vt};const he=["get","post","put","delete","patch"];const R=he.map(function(e){return"[hx-"+e+"], [data-hx-"+e+"]"}).join(", ");function d(e){if(e==undefined){return undefined}let t=NaN;if(e.slice(-2)=="ms"){t=parseFloat(e.slice(0,-2))}else if(e.slice(-1)=="s"){t=parseFloat(e.slice(0,-1))*1e3}else if(e.slice(-1)=="m"){t=parseFloat(e.slice(0,-1))*1e3*60}else{t=parseFloat(e)}return isNaN(t)?undefined:t}function Q(e,t){return e instanceof Element&&e.getAttribute(t)}function s(e,t){return!!e.hasAttribute&&(e.hasAttribute(t)||e.hasAttribute("data-"+t))}function f(e,t){return Q(e,t)||Q(e,"data-"+t)}function u(e){const t=e.parentElement;if(!t&&e.parentNode instanceof ShadowRoot)return e.parentNode;return t}function ee(){return document}function q(e,t){return e.getRootNode?e.getRootNode({composed:t}):ee()}function A(e,t){while(e&&!t(e)){e=u(e)}return e||null}function o(e,t,n){const r=f(t,n);const o=f(t,"hx-disinherit");var i=f(t,"hx-inherit");if(e!==t){if(Y.config.disableInheritance){if(i&&(i==="*"||i.split(" ").indexOf(n)>=0)){return r}else{return null}}if(o&&(o==="*"||o.split(" ").indexOf(n)>=0)){return"unset"}}return r}function te(t,n){let r=null;A(t,function(e){return!!(r=o(t,le(e),n))});if(r!=="unset"){return r}}function h(e,t){return e instanceof Element&&e.matches(t)}function N(e){const t=/<([a-z][^\/\0>\x20\t\r\n\f]*)/i;const n=t.exec(e);if(n){return n[1].toLowerCase()}else{return""}}function I(e){if("parseHTMLUnsafe"in Document){return Document.parseHTMLUnsafe(e)}const t=new DOMParser;return t.parseFromString(e,"text/html")}function L(e,t){while(t.childNodes.length>0){e.append(t.childNodes[0])}}function r(e){const t=ee().createElement("script");oe(e.attributes,function(e){t.setAttribute(e.name,e.value)});t.textContent=e.textContent;t.async=false;if(Y.config.inlineScriptNonce){t.nonce=Y.config.inlineScriptNonce}return t}function i(e){return e.matches("script")&&(e.type==="text/javascript"||e.type==="module"||e.type==="")}function k(e){if(!Y.config.allowScriptTags){e.querySelectorAll("script").forEach(e=>e.remove());return}Array.from(e.querySelectorAll("script")).forEach(e=>{if(i(e)){const t=r(e);const n=e.parentNode;try{n.insertBefore(t,e)}catch(e){T(e)}finally{e.remove()}}})}function D(e){e=e.replace(/<hx-([a-z]+)((?:\s[^>]*)?)>/gi,'<template hx type="$1"$2>').replace(/<\/hx-[a-z]+>/gi,"</template>");const t=e.replace(/<head(\s[^>]*)?>[\s\S]*?<\/head>/i,"");const n=N(t);let r;if(n==="html"){r=new DocumentFragment;const i=I(e);L(r,i.body);r.title=i.title}else if(n==="body"){r=new DocumentFragment;const i=I(t);L(r,i.body);r.title=i.title}else{const i=I('<body><template class="internal-htmx-wrapper">'+t+"</template></body>");r=i.querySelector("template").content;r.title=i.title;var o=r.querySelector("title");if(o&&o.parentNode===r){o.remove();r.title=o.innerText}}if(r){k(r)}return r}function ne(e){if(e){e()}}function t(e,t){return Object.prototype.toString.call(e)==="[object "+t+"]"}function P(e){return typeof e==="function"}function M(e){return t(e,"Object")}function re(e){const t="htmx-internal-data";let n=e[t];if(!n){n=e[t]={}}return n}function F(t){const n=[];if(t){for(let e=0;e<t.length;e++){n.push(t[e])}}return n}function oe(t,n){if(t){for(let e=0;e<t.length;e++){n(t[e])}}}function B(e){const t=e.getBoundingClientRect();const n=t.top;const r=t.bottom;return n<window.innerHeight&&r>=0}function ie(e){return e.getRootNode({composed:true})===document}function X(e){return e.trim().split(/\s+/)}function se(e,t){return Object.assign({},e,t)}function v(e){try{return JSON.parse(e)}catch(e){T(e);return null}}function U(){const e="htmx:sessionStorageTest";try{sessionStorage.setItem(e,e);sessionStorage.removeItem(e);return true}catch(e){return false}}function j(e){try{const t=new URL(e,window.location.href);e=t.pathname+t.search}catch(e){}if(e!="/"){e=e.replace(/\/+$/,"")}return e}function e(e){return Tn(ee().body,function(){return eval(e)})}function V(t){const e=Y.on("htmx:load",function(e){t(e.detail.elt)});return e}function $(){Y.logger=function(e,t,n){if(console){console.log(t,e,n)}}}function _(){Y.logger=null}function a(e,t){if(typeof e!=="string"){return e.querySelector(t)}else{return a(ee(),e)}}function x(e,t){if(typeof e!=="string"){return e.querySelectorAll(t)}else{return x(ee(),e)}}function b(){return window}function z(e,t){e=E(e);if(t){b().setTimeout(function(){z(e);e=null},t)}else{u(e).removeChild(e)}}function le(e){return e instanceof Element?e:null}function J(e){return e instanceof HTMLElement?e:null}function K(e){return typeof e==="string"?e:null}function p(e){return e instanceof Element||e instanceof Document||e instanceof DocumentFragment?e:null}function w(e,t,n){e=le(E(e));if(!e){return}if(n){b().setTimeout(function(){w(e,t);e=null},n)}else{e.classList&&e.classList.add(t)}}function S(e,t,n){let r=le(E(e));if(!r){return}if(n){b().setTimeout(function(){S(r,t);r=null},n)}else{if(r.classList){r.classList.remove(t);if(r.classList.length===0){r.removeAttribute("class")}}}}function G(e,t){e=E(e);e.classList.toggle(t)}function W(e,t){e=E(e);oe(e.parentElement.children,function(e){S(e,t)});w(le(e),t)}function g(e,t){e=le(E(e));if(e){return e.closest(t)}return null}function l(e,t){return e.substring(0,t.length)===t}function Z(e,t){return e.substring(e.length-t.length)===t}function de(e){const t=e.trim();if(l(t,"<")&&Z(t,"/>")){return t.substring(1,t.length-2)}else{return t}}function m(t,r,n){if(r.indexOf("global ")===0){return m(t,r.slice(7),true)}t=E(t);const o=[];{let t=0;let n=0;for(let e=0;e<r.length;e++){const l=r[e];if(l===","&&t===0){o.push(r.substring(n,e));n=e+1;continue}if(l==="<"){t++}else if(l==="/"&&e<r.length-1&&r[e+1]===">"){t--}}if(n<r.length){o.push(r.substring(n))}}const i=[];const s=[];while(o.length>0){const r=de(o.shift());let e;if(r.indexOf("closest ")===0){e=g(le(t),de(r.slice(8)))}else if(r.indexOf("find ")===0){e=a(p(t),de(r.slice(5)))}else if(r==="next"||r==="nextElementSibling"){e=le(t).nextElementSibling}else if(r.indexOf("next ")===0){e=pe(t,de(r.slice(5)),!!n)}else if(r==="previous"||r==="previousElementSibling"){e=le(t).previousElementSibling}else if(r.indexOf("previous ")===0){e=ge(t,de(r.slice(9)),!!n)}else if(r==="document"){e=document}else if(r==="window"){e=window}else if(r==="body"){e=document.body}else if(r==="root"){e=q(t,!!n)}else if(r==="host"){e=t.getRootNode().host}else{s.push(r)}if(e){i.push(e)}}if(s.length>0){const e=s.join(",");const c=p(q(t,!!n));i.push(...F(c.querySelectorAll(e)))}return i}var pe=function(t,e,n){const r=p(q(t,n)).querySelectorAll(e);for(let e=0;e<r.length;e++){const o=r[e];if(o.compareDocumentPosition(t)===Node.DOCUMENT_POSITION_PRECEDING){return o}}};var ge=function(t,e,n){const r=p(q(t,n)).querySelectorAll(e);for(let e=r.length-1;e>=0;e--){const o=r[e];if(o.compareDocumentPosition(t)===Node.DOCUMENT_POSITION_FOLLOWING){return o}}};function ce(e,t){if(typeof e!=="string"){return m(e,t)[0]}else{return m(ee().body,e)[0]}}function E(e,t){if(typeof e==="string"){return a(p(t)||document,e)}else{return e}}function me(e,t,n,r){if(P(t)){return{target:ee().body,event:K(e),listener:t,options:n}}else{return{target:E(e),event:K(t),listener:n,options:r}}}function ye(t,n,r,o){Wn(function(){const e=me(t,n,r,o);e.target.addEventListener(e.event,e.listener,e.options)});const e=P(n);return e?n:r}function xe(t,n,r){Wn(function(){const e=me(t,n,r);e.target.removeEventListener(e.event,e.listener)});return P(n)?n:r}const be=ee().createElement("output");function ve(t,n){const e=te(t,n);if(e){if(e==="this"){return[we(t,n)]}else{const r=m(t,e);const o=/(^|,)(\s*)inherit(\s*)($|,)/.test(e);if(o){const i=le(A(t,function(e){return e!==t&&s(le(e),n)}));if(i){r.push(...ve(i,n))}}if(r.length===0){T('The selector "'+e+'" on '+n+" returned no matches!");return[be]}else{return r}}}}function we(e,t){return le(A(e,function(e){return f(le(e),t)!=null}))}function Se(e){const t=te(e,"hx-target");if(t){if(t==="this"){return we(e,"hx-target")}else{return ce(e,t)}}else{const n=re(e);if(n.boosted){return ee().body}else{return e}}}function Ee(e){return Y.config.attributesToSettle.includes(e)}function Ce(t,n){oe(Array.from(t.attributes),function(e){if(!n.hasAttribute(e.name)&&Ee(e.name)){t.removeAttribute(e.name)}});oe(n.attributes,function(e){if(Ee(e.name)){t.setAttribute(e.name,e.value)}})}function Oe(t,e){const n=Kn(e);for(let e=0;e<n.length;e++){const r=n[e];try{if(r.isInlineSwap(t)){return true}}catch(e){T(e)}}return t==="outerHTML"}function Te(e,o,i,t){t=t||ee();let n="#"+CSS.escape(Q(o,"id"));let s="outerHTML";if(e==="true"){}else if(e.indexOf(":")>0){s=e.substring(0,e.indexOf(":"));n=e.substring(e.indexOf(":")+1)}else{s=e}o.removeAttribute("hx-swap-oob");o.removeAttribute("data-hx-swap-oob");const r=m(t,n,false);if(r.length){oe(r,function(e){let t;const n=o.cloneNode(true);t=ee().createDocumentFragment();t.appendChild(n);if(!Oe(s,e)){t=p(n)}const r={shouldSwap:true,target:e,fragment:t};if(!ae(e,"htmx:oobBeforeSwap",r))return;e=r.target;if(r.shouldSwap){Re(t);Ve(s,e,e,t,i);He()}oe(i.elts,function(e){ae(e,"htmx:oobAfterSwap",r)})});o.parentNode.removeChild(o)}else{o.parentNode.removeChild(o);ue(ee().body,"htmx:oobErrorNoTarget",{content:o,target:n})}return e}function He(){const e=a("#--htmx-preserve-pantry--");if(e){for(const t of[...e.children]){const n=a("#"+t.id);n.parentNode.moveBefore(t,n);n.remove()}e.remove()}}function Re(e){oe(x(e,"[hx-preserve], [data-hx-preserve]"),function(e){const t=f(e,"id");const n=ee().getElementById(t);if(n!=null){if(e.moveBefore){let e=a("#--htmx-preserve-pantry--");if(e==null){ee().body.insertAdjacentHTML("afterend","<div id='--htmx-preserve-pantry--'></div>");e=a("#--htmx-preserve-pantry--")}e.moveBefore(n,null)}else{e.parentNode.replaceChild(n,e)}}})}function qe(i,e,s){oe(e.querySelectorAll("[id]"),function(t){const n=Q(t,"id");if(n&&n.length>0){const e=p(i);const r=e&&e.querySelector(CSS.escape(t.tagName)+"#"+CSS.escape(n));if(r&&r!==e){const o=t.cloneNode();Ce(t,r);s.tasks.push(function(){Ce(t,o)})}}})}function Ae(e){return function(){S(e,Y.config.addedClass);Bt(le(e));Ne(p(e));ae(e,"htmx:load")}}function Ne(e){const t="[autofocus]";const n=J(h(e,t)?e:e.querySelector(t));if(n!=null){n.focus()}}function c(e,t,n,r){qe(e,n,r);while(n.childNodes.length>0){const o=n.firstChild;w(le(o),Y.config.addedClass);e.insertBefore(o,t);if(o.nodeType!==Node.TEXT_NODE&&o.nodeType!==Node.COMMENT_NODE){r.tasks.push(Ae(o))}}}function Ie(e,t){let n=0;while(n<e.length){t=(t<<5)-t+e.charCodeAt(n++)|0}return t}function Le(t){let n=0;for(let e=0;e<t.attributes.length;e++){const r=t.attributes[e];if(r.value){n=Ie(r.name,n);n=Ie(r.value,n)}}return n}function ke(t){const n=re(t);if(n.onHandlers){for(let e=0;e<n.onHandlers.length;e++){const r=n.onHandlers[e];xe(t,r.event,r.listener)}delete n.onHandlers}}function De(e){const t=re(e);if(t.timeout){clearTimeout(t.timeout)}if(t.listenerInfos){oe(t.listenerInfos,function(e){if(e.on){xe(e.on,e.trigger,e.listener)}})}ke(e);oe(Object.keys(t),function(e){if(e!=="firstInitCompleted")delete t[e]})}function y(e){ae(e,"htmx:beforeCleanupElement");De(e);oe(e.children,function(e){y(e)})}function Pe(t,e,n){if(t.tagName==="BODY"){return je(t,e,n)}let r;const o=t.previousSibling;const i=u(t);if(!i){return}c(i,t,e,n);if(o==null){r=i.firstChild}else{r=o.nextSibling}n.elts=n.elts.filter(function(e){return e!==t});while(r&&r!==t){if(r instanceof Element){n.elts.push(r)}r=r.nextSibling}y(t);t.remove()}function Me(e,t,n){return c(e,e.firstChild,t,n)}function Fe(e,t,n){return c(u(e),e,t,n)}function Be(e,t,n){return c(e,null,t,n)}function Xe(e,t,n){return c(u(e),e.nextSibling,t,n)}function Ue(e){y(e);const t=u(e);if(t){return t.removeChild(e)}}function je(e,t,n){const r=e.firstChild;c(e,r,t,n);if(r){while(r.nextSibling){y(r.nextSibling);e.removeChild(r.nextSibling)}y(r);e.removeChild(r)}}function Ve(t,e,n,r,o){switch(t){case"none":return;case"outerHTML":Pe(n,r,o);return;case"afterbegin":Me(n,r,o);return;case"beforebegin":Fe(n,r,o);return;case"beforeend":Be(n,r,o);return;case"afterend":Xe(n,r,o);return;case"delete":Ue(n);return;default:var i=Kn(e);for(let e=0;e<i.length;e++){const s=i[e];try{const l=s.handleSwap(t,n,r,o);if(l){if(Array.isArray(l)){for(let e=0;e<l.length;e++){const c=l[e];if(c.nodeType!==Node.TEXT_NODE&&c.nodeType!==Node.COMMENT_NODE){o.tasks.push(Ae(c))}}}return}}catch(e){T(e)}}if(t==="innerHTML"){je(n,r,o)}else{Ve(Y.config.defaultSwapStyle,e,n,r,o)}}}function $e(e,s,l){var t=x(e,"template[hx]");oe(t,function(r){var e=Q(r,"type");if(e==="partial"){var t=f(r,"hx-target")||(r.id?"#"+CSS.escape(r.id):null);if(t){var n=f(r,"hx-swap");var o=vn(r,n);var i=m(l||ee().body,t,false);if(i.length===0){ue(ee().body,"htmx:partialErrorNoTarget",{template:r,targetSelector:t,sourceElement:l})}oe(i,function(e){e=le(e);if(e){var t=r.content.cloneNode(true);k(t);var n={shouldSwap:true,target:e,fragment:t};if(!ae(e,"htmx:partialBeforeSwap",n))return;e=n.target;if(n.shouldSwap){C(e,n.fragment,o,{contextElement:e,afterSwapCallback:function(){oe(s.elts,function(e){ae(e,"htmx:partialAfterSwap",n)})}})}}})}}else{ae(ee().body,"htmx:processTemplate",{type:e,template:r,settleInfo:s,sourceElement:l})}r.parentNode.removeChild(r)});return t.length>0}function _e(e,n,r){var t=x(e,"[hx-swap-oob], [data-hx-swap-oob]");oe(t,function(e){if(Y.config.allowNestedOobSwaps||e.parentElement===null){const t=f(e,"hx-swap-oob");if(t!=null){Te(t,e,n,r)}}else{e.removeAttribute("hx-swap-oob");e.removeAttribute("data-hx-swap-oob")}});return t.length>0}function C(d,p,g,m){if(!m){m={}}let y=null;let n=null;let e=function(){ne(m.beforeSwapCallback);d=E(d);const r=m.contextElement&&m.contextElement.isConnected?q(m.contextElement,false):ee();const e=document.activeElement;let t={};t={elt:e,start:e?e.selectionStart:null,end:e?e.selectionEnd:null};const o=En(d);if(g.swapStyle==="textContent"){d.textContent=p}else{let n=typeof p==="string"?D(p):p;o.title=m.title||n.title;if(m.historyRequest){n=n.querySelector("[hx-history-elt],[data-hx-history-elt]")||n}if(m.selectOOB){const s=m.selectOOB.split(",");for(let t=0;t<s.length;t++){const l=s[t].split(":",2);let e=l[0].trim();if(e.indexOf("#")===0){e=e.substring(1)}const c=l[1]||"true";const u=n.querySelector("#"+e);if(u){Te(c,u,o,r)}}}_e(n,o,r);oe(x(n,"template"),function(e){if(e.content&&_e(e.content,o,r)){e.remove()}});var i=$e(n,o,m.contextElement||le(d));if(m.select){const a=ee().createDocumentFragment();oe(n.querySelectorAll(m.select),function(e){a.appendChild(e)});n=a}Re(n);if(i&&!n.childElementCount&&!n.textContent.trim()){o.elts=[le(d)]}else{Ve(g.swapStyle,m.contextElement,d,n,o)}He()}if(t.elt&&!ie(t.elt)&&Q(t.elt,"id")){const f=document.getElementById(Q(t.elt,"id"));const h={preventScroll:g.focusScroll!==undefined?!g.focusScroll:!Y.config.defaultFocusScroll};if(f){if(t.start&&f.setSelectionRange){try{f.setSelectionRange(t.start,t.end)}catch(e){}}f.focus(h)}}S(d,Y.config.swappingClass);oe(o.elts,function(e){if(e.classList){w(e,Y.config.settlingClass)}ae(e,"htmx:afterSwap",m.eventInfo)});ne(m.afterSwapCallback);if(!g.ignoreTitle){Un(o.title)}const n=function(){oe(o.tasks,function(e){e.call()});oe(o.elts,function(e){if(e.classList){S(e,Y.config.settlingClass)}ae(e,"htmx:afterSettle",m.eventInfo)});if(m.anchor){const e=le(E("#"+m.anchor));if(e){e.scrollIntoView({block:"start",behavior:"auto"})}}Cn(o.elts,g);ne(m.afterSettleCallback);ne(y)};if(g.settleDelay>0){b().setTimeout(n,g.settleDelay)}else{n()}};let t=Y.config.globalViewTransitions;if(g.hasOwnProperty("transition")){t=g.transition}const r=m.contextElement||ee();if(t&&ae(r,"htmx:beforeTransition",m.eventInfo)&&typeof Promise!=="undefined"&&document.startViewTransition){const o=new Promise(function(e,t){y=e;n=t});const i=e;e=function(){document.startViewTransition(function(){i();return o})}}try{if(g?.swapDelay&&g.swapDelay>0){b().setTimeout(e,g.swapDelay)}else{e()}}catch(e){ue(r,"htmx:swapError",m.eventInfo);ne(n);throw e}}function ze(e,t,n){const r=e.getResponseHeader(t);if(r.indexOf("{")===0){const o=v(r)||{};for(const i of Object.keys(o)){let e=o[i];if(M(e)){n=e.target!==undefined?e.target:n}else{e={value:e}}ae(n,i,e)}}else{const s=r.split(",");for(let e=0;e<s.length;e++){ae(n,s[e].trim(),[])}}}const Je=/\s/;const Ke=/[\s,]/;const Ge=/[_$a-zA-Z]/;const We=/[_$a-zA-Z0-9]/;const Ze=['"',"'","/"];const Ye=/[^\s]/;const Qe=/[{(]/;const et=/[})]/;function tt(e){const t=[];let n=0;while(n<e.length){if(Ge.exec(e.charAt(n))){var r=n;while(We.exec(e.charAt(n+1))){n++}t.push(e.substring(r,n+1))}else if(Ze.indexOf(e.charAt(n))!==-1){const o=e.charAt(n);var r=n;n++;while(n<e.length&&e.charAt(n)!==o){if(e.charAt(n)==="\\"){n++}n++}t.push(e.substring(r,n+1))}else{const i=e.charAt(n);t.push(i)}n++}return t}function nt(e,t,n){return Ge.exec(e.charAt(0))&&e!=="true"&&e!=="false"&&e!=="this"&&e!==n&&t!=="."}function rt(r,o,i){if(o[0]==="["){o.shift();let e=1;let t=" return (function("+i+"){ return (";let n=null;while(o.length>0){const s=o[0];if(s==="]"){e--;if(e===0){if(n===null){t=t+"true"}o.shift();t+=")})";try{const l=Tn(r,function(){return Function(t)()},function(){return true});l.source=t;return l}catch(e){ue(ee().body,"htmx:syntax:error",{error:e,source:t});return null}}}else if(s==="["){e++}if(nt(s,n,i)){t+="(("+i+"."+s+") ? ("+i+"."+s+") : (window."+s+"))"}else{t=t+s}n=o.shift()}}}function O(e,t){let n="";while(e.length>0&&!t.test(e[0])){n+=e.shift()}return n}function ot(e){let t;if(e.length>0&&Qe.test(e[0])){e.shift();t=O(e,et).trim();e.shift()}else{t=O(e,Ke)}return t}const it="input, textarea, select";function st(e,t,n){const r=[];const o=tt(t);do{O(o,Ye);const l=o.length;const c=O(o,/[,\[\s]/);if(c!==""){if(c==="every"){const u={trigger:"every"};O(o,Ye);u.pollInterval=d(O(o,/[,\[\s]/));O(o,Ye);var i=rt(e,o,"event");if(i){u.eventFilter=i}r.push(u)}else{const a={trigger:c};var i=rt(e,o,"event");if(i){a.eventFilter=i}O(o,Ye);while(o.length>0&&o[0]!==","){const f=o.shift();if(f==="changed"){a.changed=true}else if(f==="once"){a.once=true}else if(f==="consume"){a.consume=true}else if(f==="delay"&&o[0]===":"){o.shift();a.delay=d(O(o,Ke))}else if(f==="from"&&o[0]===":"){o.shift();if(Qe.test(o[0])){var s=ot(o)}else{var s=O(o,Ke);if(s==="closest"||s==="find"||s==="next"||s==="previous"){o.shift();const h=ot(o);if(h.length>0){s+=" "+h}}}a.from=s}else if(f==="target"&&o[0]===":"){o.shift();a.target=ot(o)}else if(f==="throttle"&&o[0]===":"){o.shift();a.throttle=d(O(o,Ke))}else if(f==="queue"&&o[0]===":"){o.shift();a.queue=O(o,Ke)}else if(f==="root"&&o[0]===":"){o.shift();a[f]=ot(o)}else if(f==="threshold"&&o[0]===":"){o.shift();a[f]=O(o,Ke)}else{ue(e,"htmx:syntax:error",{token:o.shift()})}O(o,Ye)}r.push(a)}}if(o.length===l){ue(e,"htmx:syntax:error",{token:o.shift()})}O(o,Ye)}while(o[0]===","&&o.shift());if(n){n[t]=r}return r}function lt(e){const t=f(e,"hx-trigger");let n=[];if(t){const r=Y.config.triggerSpecsCache;n=r&&r[t]||st(e,t,r)}if(n.length>0){return n}else if(h(e,"form")){return[{trigger:"submit"}]}else if(h(e,'input[type="button"], input[type="submit"]')){return[{trigger:"click"}]}else if(h(e,it)){return[{trigger:"change"}]}else{return[{trigger:"click"}]}}function ct(e){re(e).cancelled=true}function ut(e,t,n){const r=re(e);r.timeout=b().setTimeout(function(){if(ie(e)&&r.cancelled!==true){if(!gt(n,e,Ut("hx:poll:trigger",{triggerSpec:n,target:e}))){t(e)}ut(e,t,n)}},n.pollInterval)}function at(e){return location.hostname===e.hostname&&Q(e,"href")&&Q(e,"href").indexOf("#")!==0}function ft(e){return g(e,Y.config.disableSelector)}function ht(t,n,e){if(t instanceof HTMLAnchorElement&&at(t)&&(t.target===""||t.target==="_self")||t.tagName==="FORM"&&String(Q(t,"method")).toLowerCase()!=="dialog"){n.boosted=true;let r,o;if(t.tagName==="A"){r="get";o=Q(t,"href")}else{const i=Q(t,"method");r=i?i.toLowerCase():"get";o=Q(t,"action");if(o==null||o===""){o=location.href}if(r==="get"&&o.includes("?")){o=o.replace(/\?[^#]+/,"")}}e.forEach(function(e){mt(t,function(e,t){const n=le(e);if(ft(n)){y(n);return}fe(r,o,n,t)},n,e,true)})}}function dt(e,t){if(e.type==="submit"&&t.tagName==="FORM"){return true}else if(e.type==="click"){const n=t.closest('input[type="submit"], button');if(n&&n.form&&n.type==="submit"){return true}const r=t.closest("a");const o=/^#.+/;if(r&&r.href&&!o.test(r.getAttribute("href"))){return true}}return false}function pt(e,t){return re(e).boosted&&e instanceof HTMLAnchorElement&&t.type==="click"&&(t.ctrlKey||t.metaKey)}function gt(e,t,n){const r=e.eventFilter;if(r){try{return r.call(t,n)!==true}catch(e){const o=r.source;ue(ee().body,"htmx:eventFilter:error",{error:e,source:o});return true}}return false}function mt(l,c,e,u,a){const f=re(l);let t;if(u.from){t=m(l,u.from)}else{t=[l]}if(u.changed){if(!("lastValue"in f)){f.lastValue=new WeakMap}t.forEach(function(e){if(!f.lastValue.has(u)){f.lastValue.set(u,new WeakMap)}f.lastValue.get(u).set(e,e.value)})}oe(t,function(i){const s=function(e){if(!ie(l)){i.removeEventListener(u.trigger,s);return}if(pt(l,e)){return}if(a||dt(e,i)){e.preventDefault()}if(gt(u,l,e)){return}const t=re(e);t.triggerSpec=u;if(t.handledFor==null){t.handledFor=[]}if(t.handledFor.indexOf(l)<0){t.handledFor.push(l);if(u.consume){e.stopPropagation()}if(u.target&&e.target){if(!h(le(e.target),u.target)){return}}if(u.once){if(f.triggeredOnce){return}else{f.triggeredOnce=true}}if(u.changed){const n=e.target;const r=n.value;const o=f.lastValue.get(u);if(o.has(n)&&o.get(n)===r){return}o.set(n,r)}if(f.delayed){clearTimeout(f.delayed)}if(f.throttle){return}if(u.throttle>0){if(!f.throttle){ae(l,"htmx:trigger");c(l,e);f.throttle=b().setTimeout(function(){f.throttle=null},u.throttle)}}else if(u.delay>0){f.delayed=b().setTimeout(function(){ae(l,"htmx:trigger");c(l,e)},u.delay)}else{ae(l,"htmx:trigger");c(l,e)}}};if(e.listenerInfos==null){e.listenerInfos=[]}e.listenerInfos.push({trigger:u.trigger,listener:s,on:i});i.addEventListener(u.trigger,s)})}let yt=false;let xt=null;function bt(){if(!xt){xt=function(){yt=true};window.addEventListener("scroll",xt);window.addEventListener("resize",xt);setInterval(function(){if(yt){yt=false;oe(ee().querySelectorAll("[hx-trigger*='revealed'],[data-hx-trigger*='revealed']"),function(e){vt(e)})}},200)}}function vt(e){if(!s(e,"data-hx-revealed")&&B(e)){e.setAttribute("data-hx-revealed","true");const t=re(e);if(t.initHash){ae(e,"revealed")}else{e.addEventListener("htmx:afterProcessNode",function(){ae(e,"revealed")},{once:true})}}}function wt(e,t,n,r){const o=function(){if(!n.loaded){n.loaded=true;ae(e,"htmx:trigger");t(e)}};if(r>0){b().setTimeout(o,r)}else{o()}}function St(t,n,e){let i=false;oe(he,function(r){if(s(t,"hx-"+r)){const o=f(t,"hx-"+r);i=true;n.path=o;n.verb=r;e.forEach(function(e){Et(t,e,n,function(e,t){const n=le(e);if(ft(n)){y(n);return}fe(r,o,n,t)})})}});return i}function Et(r,e,t,n){if(e.trigger==="revealed"){bt();mt(r,n,t,e);vt(le(r))}else if(e.trigger==="intersect"){const o={};if(e.root){o.root=ce(r,e.root)}if(e.threshold){o.threshold=parseFloat(e.threshold)}const i=new IntersectionObserver(function(t){for(let e=0;e<t.length;e++){const n=t[e];if(n.isIntersecting){ae(r,"intersect");break}}},o);i.observe(le(r));mt(le(r),n,t,e)}else if(!t.firstInitCompleted&&e.trigger==="load"){if(!gt(e,r,Ut("load",{elt:r}))){wt(le(r),n,t,e.delay)}}else if(e.pollInterval>0){t.polling=true;ut(le(r),n,e)}else{mt(r,n,t,e)}}function Ct(e){const t=le(e);if(!t){return false}const n=t.attributes;for(let e=0;e<n.length;e++){const r=n[e].name;if(l(r,"hx-on:")||l(r,"data-hx-on:")||l(r,"hx-on-")||l(r,"data-hx-on-")){return true}}return false}const Ot=(new XPathEvaluator).createExpression('.//*[@*[ starts-with(name(), "hx-on:") or starts-with(name(), "data-hx-on:") or'+' starts-with(name(), "hx-on-") or starts-with(name(), "data-hx-on-") ]]');function Tt(e,t){if(Ct(e)){t.push(le(e))}const n=Ot.evaluate(e);let r=null;while(r=n.iterateNext())t.push(le(r))}function Ht(e){const t=[];if(e instanceof DocumentFragment){for(const n of e.childNodes){Tt(n,t)}}else{Tt(e,t)}return t}function Rt(e){if(e.querySelectorAll){const n=", [hx-boost] a, [data-hx-boost] a, a[hx-boost], a[data-hx-boost]";const r=[];for(const i of Object.keys($n)){const s=$n[i];if(s.getSelectors){var t=s.getSelectors();if(t){r.push(t)}}}const o=e.querySelectorAll(R+n+", form, [type='submit'],"+" [hx-ext], [data-hx-ext], [hx-trigger], [data-hx-trigger]"+r.flat().map(e=>", "+e).join(""));return o}else{return[]}}function qt(e){const t=Nt(e.target);const n=Lt(e);if(n){n.lastButtonClicked=t}}function At(e){const t=Lt(e);if(t){t.lastButtonClicked=null}}function Nt(e){return g(le(e),"button, input[type='submit']")}function It(e){return e.form||g(e,"form")}function Lt(e){const t=Nt(e.target);if(!t){return}const n=It(t);if(!n){return}return re(n)}function kt(e){e.addEventListener("click",qt);e.addEventListener("focusin",qt);e.addEventListener("focusout",At)}function Dt(t,e,n){const r=re(t);if(!Array.isArray(r.onHandlers)){r.onHandlers=[]}let o;const i=function(e){Tn(t,function(){if(ft(t)){return}if(!o){o=new Function("event",n)}o.call(t,e)})};t.addEventListener(e,i);r.onHandlers.push({event:e,listener:i})}function Pt(t){ke(t);for(let e=0;e<t.attributes.length;e++){const n=t.attributes[e].name;const r=t.attributes[e].value;if(l(n,"hx-on")||l(n,"data-hx-on")){const o=n.indexOf("-on")+3;const i=n.slice(o,o+1);if(i==="-"||i===":"){let e=n.slice(o+1);if(l(e,":")){e="htmx"+e}else if(l(e,"-")){e="htmx:"+e.slice(1)}else if(l(e,"htmx-")){e="htmx:"+e.slice(5)}Dt(t,e,r)}}}}function Mt(t){ae(t,"htmx:beforeProcessNode");const n=re(t);const e=lt(t);const r=St(t,n,e);if(!r){if(te(t,"hx-boost")==="true"){ht(t,n,e)}else if(s(t,"hx-trigger")){e.forEach(function(e){Et(t,e,n,function(){})})}}if(t.tagName==="FORM"||Q(t,"type")==="submit"&&s(t,"form")){kt(t)}n.firstInitCompleted=true;ae(t,"htmx:afterProcessNode")}function Ft(e){if(!(e instanceof Element)){return false}const t=re(e);const n=Le(e);if(t.initHash!==n){De(e);t.initHash=n;return true}return false}function Bt(e){e=E(e);if(ft(e)){y(e);return}const t=[];if(Ft(e)){t.push(e)}oe(Rt(e),function(e){if(ft(e)){y(e);return}if(Ft(e)){t.push(e)}});oe(Ht(e),Pt);oe(t,Mt)}function Xt(e){return e.replace(/([a-z0-9])([A-Z])/g,"$1-$2").toLowerCase()}function Ut(e,t){return new CustomEvent(e,{bubbles:true,cancelable:true,composed:true,detail:t})}function ue(e,t,n){ae(e,t,se({error:t},n))}function jt(e){return e==="htmx:afterProcessNode"}function Vt(e,t,n){oe(Kn(e,[],n),function(e){try{t(e)}catch(e){T(e)}})}function T(e){console.error(e)}function ae(e,t,n){e=E(e);if(n==null){n={}}n.elt=e;const r=Ut(t,n);if(Y.logger&&!jt(t)){Y.logger(e,t,n)}if(n.error){T(n.error+(n.target?", "+n.target:""));ae(e,"htmx:error",{errorInfo:n})}let o=e.dispatchEvent(r);const i=Xt(t);if(o&&i!==t){const s=Ut(i,r.detail);o=o&&e.dispatchEvent(s)}Vt(le(e),function(e){o=o&&(e.onEvent(t,r)!==false&&!r.defaultPrevented)});return o}let $t;function _t(e){$t=e;if(U()){sessionStorage.setItem("htmx-current-path-for-history",e)}}_t(location.pathname+location.search);function zt(){const e=ee().querySelector("[hx-history-elt],[data-hx-history-elt]");return e||ee().body}function Jt(t,e){if(!U()){return}const n=Gt(e);const r=ee().title;const o=window.scrollY;if(Y.config.historyCacheSize<=0){sessionStorage.removeItem("htmx-history-cache");return}t=j(t);const i=v(sessionStorage.getItem("htmx-history-cache"))||[];for(let e=0;e<i.length;e++){if(i[e].url===t){i.splice(e,1);break}}const s={url:t,content:n,title:r,scroll:o};ae(ee().body,"htmx:historyItemCreated",{item:s,cache:i});i.push(s);while(i.length>Y.config.historyCacheSize){i.shift()}while(i.length>0){try{sessionStorage.setItem("htmx-history-cache",JSON.stringify(i));break}catch(e){ue(ee().body,"htmx:historyCacheError",{cause:e,cache:i});i.shift()}}}function Kt(t){if(!U()){return null}t=j(t);const n=v(sessionStorage.getItem("htmx-history-cache"))||[];for(let e=0;e<n.length;e++){if(n[e].url===t){return n[e]}}return null}function Gt(e){const t=Y.config.requestClass;const n=e.cloneNode(true);oe(x(n,"."+t),function(e){S(e,t)});oe(x(n,"[data-disabled-by-htmx]"),function(e){e.removeAttribute("disabled")});return n.innerHTML}function Wt(){const e=zt();let t=$t;if(U()){t=sessionStorage.getItem("htmx-current-path-for-history")}t=t||location.pathname+location.search;const n=ee().querySelector('[hx-history="false" i],[data-hx-history="false" i]');if(!n){ae(ee().body,"htmx:beforeHistorySave",{path:t,historyElt:e});Jt(t,e)}if(Y.config.historyEnabled)history.replaceState({htmx:true},ee().title,location.href)}function Zt(e){if(Y.config.getCacheBusterParam){e=e.replace(/org\.htmx\.cache-buster=[^&]*&?/,"");if(Z(e,"&")||Z(e,"?")){e=e.slice(0,-1)}}if(Y.config.historyEnabled){history.pushState({htmx:true},"",e)}_t(e)}function Yt(e){if(Y.config.historyEnabled)history.replaceState({htmx:true},"",e);_t(e)}function Qt(e){oe(e,function(e){e.call(undefined)})}function en(e){const t=new XMLHttpRequest;const n={swapStyle:"innerHTML",swapDelay:0,settleDelay:0};const r={path:e,xhr:t,historyElt:zt(),swapSpec:n};t.open("GET",e,true);if(Y.config.historyRestoreAsHxRequest){t.setRequestHeader("HX-Request","true")}t.setRequestHeader("HX-History-Restore-Request","true");t.setRequestHeader("HX-Current-URL",location.href);t.onload=function(){if(this.status>=200&&this.status<400){r.response=this.response;ae(ee().body,"htmx:historyCacheMissLoad",r);C(r.historyElt,r.response,n,{contextElement:r.historyElt,historyRequest:true});_t(r.path);ae(ee().body,"htmx:historyRestore",{path:e,cacheMiss:true,serverResponse:r.response})}else{ue(ee().body,"htmx:historyCacheMissLoadError",r)}};if(ae(ee().body,"htmx:historyCacheMiss",r)){t.send()}}function tn(e){Wt();e=e||location.pathname+location.search;const t=Kt(e);if(t){const n={swapStyle:"innerHTML",swapDelay:0,settleDelay:0,scroll:t.scroll};const r={path:e,item:t,historyElt:zt(),swapSpec:n};if(ae(ee().body,"htmx:historyCacheHit",r)){C(r.historyElt,t.content,n,{contextElement:r.historyElt,title:t.title});_t(r.path);ae(ee().body,"htmx:historyRestore",r)}}else{if(Y.config.refreshOnHistoryMiss){Y.location.reload(true)}else{en(e)}}}function nn(e){let t=ve(e,"hx-indicator");if(t==null){t=[e]}oe(t,function(e){const t=re(e);t.requestCount=(t.requestCount||0)+1;w(e,Y.config.requestClass)});return t}function rn(e){let t=ve(e,"hx-disabled-elt");if(t==null){t=[]}oe(t,function(e){const t=re(e);t.requestCount=(t.requestCount||0)+1;if(!e.hasAttribute("disabled")){e.setAttribute("disabled","");e.setAttribute("data-disabled-by-htmx","")}});return t}function on(e,t){oe(e.concat(t),function(e){const t=re(e);t.requestCount=(t.requestCount||1)-1});oe(e,function(e){const t=re(e);if(t.requestCount===0){S(e,Y.config.requestClass)}});oe(t,function(e){const t=re(e);if(t.requestCount===0&&e.hasAttribute("data-disabled-by-htmx")){e.removeAttribute("disabled");e.removeAttribute("data-disabled-by-htmx")}})}function sn(t,n){for(let e=0;e<t.length;e++){const r=t[e];if(r.isSameNode(n)){return true}}return false}function ln(e){const t=e;if(t.name===""||t.name==null||t.disabled||g(t,"fieldset[disabled]")){return false}if(t.type==="button"||t.type==="submit"||t.tagName==="image"||t.tagName==="reset"||t.tagName==="file"){return false}if(t.type==="checkbox"||t.type==="radio"){return t.checked}return true}function cn(t,e,n){if(t!=null&&e!=null){if(Array.isArray(e)){e.forEach(function(e){n.append(t,e)})}else{n.append(t,e)}}}function un(t,n,r){if(t!=null&&n!=null){let e=r.getAll(t);if(Array.isArray(n)){e=e.filter(e=>n.indexOf(e)<0)}else{e=e.filter(e=>e!==n)}r.delete(t);oe(e,e=>r.append(t,e))}}function an(e){if(e instanceof HTMLSelectElement&&e.multiple){return F(e.querySelectorAll("option:checked")).map(function(e){return e.value})}if(e instanceof HTMLInputElement&&e.files){return F(e.files)}return e.value}function fn(t,n,r,e,o){if(e==null||sn(t,e)){return}else{t.push(e)}if(ln(e)){const i=Q(e,"name");cn(i,an(e),n);if(o){hn(e,r)}}if(e instanceof HTMLFormElement){oe(e.elements,function(e){if(t.indexOf(e)>=0){un(e.name,an(e),n)}else{t.push(e)}if(o){hn(e,r)}});new FormData(e).forEach(function(e,t){if(e instanceof File&&e.name===""){return}cn(t,e,n)})}}function hn(e,t){const n=e;if(n.willValidate){ae(n,"htmx:validation:validate");if(!n.checkValidity()){if(ae(n,"htmx:validation:failed",{message:n.validationMessage,validity:n.validity})&&!t.length&&Y.config.reportValidityOfForms){n.reportValidity()}t.push({elt:n,message:n.validationMessage,validity:n.validity})}}}function dn(n,e){for(const t of e.keys()){n.delete(t)}e.forEach(function(e,t){n.append(t,e)});return n}function pn(e,t){const n=[];const r=new FormData;const o=new FormData;const i=[];const s=re(e);if(s.lastButtonClicked&&!ie(s.lastButtonClicked)){s.lastButtonClicked=null}let l=e instanceof HTMLFormElement&&e.noValidate!==true||f(e,"hx-validate")==="true";if(s.lastButtonClicked){l=l&&s.lastButtonClicked.formNoValidate!==true}if(t!=="get"){fn(n,o,i,It(e),l)}fn(n,r,i,e,l);if(s.lastButtonClicked||e.tagName==="BUTTON"||e.tagName==="INPUT"&&Q(e,"type")==="submit"){const u=s.lastButtonClicked||e;const a=Q(u,"name");cn(a,u.value,o)}const c=ve(e,"hx-include");oe(c,function(e){fn(n,r,i,le(e),l);if(!h(e,"form")){oe(p(e).querySelectorAll(it),function(e){fn(n,r,i,e,l)})}});dn(r,o);return{errors:i,formData:r,values:Mn(r)}}function gn(e,t,n){if(e!==""){e+="&"}if(String(n)==="[object Object]"){n=JSON.stringify(n)}const r=encodeURIComponent(n);e+=encodeURIComponent(t)+"="+r;return e}function mn(e){e=Dn(e);let n="";e.forEach(function(e,t){n=gn(n,t,e)});return n}function yn(e,t,n){const r={"HX-Request":"true","HX-Trigger":Q(e,"id"),"HX-Trigger-Name":Q(e,"name"),"HX-Target":f(t,"id"),"HX-Current-URL":location.href};On(e,"hx-headers",false,r);if(n!==undefined){r["HX-Prompt"]=n}if(re(e).boosted){r["HX-Boosted"]="true"}return r}function xn(n,e){const t=te(e,"hx-params");if(t){if(t==="none"){return new FormData}else if(t==="*"){return n}else if(t.indexOf("not ")===0){oe(t.slice(4).split(","),function(e){e=e.trim();n.delete(e)});return n}else{const r=new FormData;oe(t.split(","),function(t){t=t.trim();if(n.has(t)){n.getAll(t).forEach(function(e){r.append(t,e)})}});return r}}else{return n}}function bn(e){return!!Q(e,"href")&&Q(e,"href").indexOf("#")>=0}function vn(e,t){const n=t||te(e,"hx-swap");const r={swapStyle:re(e).boosted?"innerHTML":Y.config.defaultSwapStyle,swapDelay:Y.config.defaultSwapDelay,settleDelay:Y.config.defaultSettleDelay};if(Y.config.scrollIntoViewOnBoost&&re(e).boosted&&!bn(e)){r.show="top"}if(n){const s=X(n);if(s.length>0){for(let e=0;e<s.length;e++){const l=s[e];if(l.indexOf("swap:")===0){r.swapDelay=d(l.slice(5))}else if(l.indexOf("settle:")===0){r.settleDelay=d(l.slice(7))}else if(l.indexOf("transition:")===0){r.transition=l.slice(11)==="true"}else if(l.indexOf("ignoreTitle:")===0){r.ignoreTitle=l.slice(12)==="true"}else if(l.indexOf("scroll:")===0){const c=l.slice(7);var o=c.split(":");const u=o.pop();var i=o.length>0?o.join(":"):null;r.scroll=u;r.scrollTarget=i}else if(l.indexOf("show:")===0){const a=l.slice(5);var o=a.split(":");const f=o.pop();var i=o.length>0?o.join(":"):null;r.show=f;r.showTarget=i}else if(l.indexOf("focus-scroll:")===0){const h=l.slice("focus-scroll:".length);r.focusScroll=h=="true"}else if(e==0){r.swapStyle=l}else{T("Unknown modifier in hx-swap: "+l)}}}}return r}function wn(e){return te(e,"hx-encoding")==="multipart/form-data"||h(e,"form")&&Q(e,"enctype")==="multipart/form-data"}function Sn(t,n,r){let o=null;Vt(n,function(e){if(o==null){o=e.encodeParameters(t,r,n)}});if(o!=null){return o}else{if(wn(n)){return dn(new FormData,Dn(r))}else{return mn(r)}}}function En(e){return{tasks:[],elts:[e]}}function Cn(e,t){const n=e[0];const r=e[e.length-1];if(t.scroll){var o=null;if(t.scrollTarget){o=le(ce(n,t.scrollTarget))}if(t.scroll==="top"&&(n||o)){o=o||n;o.scrollTop=0}if(t.scroll==="bottom"&&(r||o)){o=o||r;o.scrollTop=o.scrollHeight}if(typeof t.scroll==="number"){b().setTimeout(function(){window.scrollTo(0,t.scroll)},0)}}if(t.show){var o=null;if(t.showTarget){let e=t.showTarget;if(t.showTarget==="window"){e="body"}o=le(ce(n,e))}if(t.show==="top"&&(n||o)){o=o||n;o.scrollIntoView({block:"start",behavior:Y.config.scrollBehavior})}if(t.show==="bottom"&&(r||o)){o=o||r;o.scrollIntoView({block:"end",behavior:Y.config.scrollBehavior})}}}function On(r,e,o,i,s){if(i==null){i={}}if(r==null){return i}const l=f(r,e);if(l){let e=l.trim();let t=o;if(e==="unset"){return null}if(e.indexOf("javascript:")===0){e=e.slice(11);t=true}else if(e.indexOf("js:")===0){e=e.slice(3);t=true}if(e.indexOf("{")!==0){e="{"+e+"}"}let n;if(t){n=Tn(r,function(){if(s){return Function("event","return ("+e+")").call(r,s)}else{return Function("return ("+e+")").call(r)}},{})}else{n=v(e)}for(const c of Object.keys(n)){if(i[c]==null){i[c]=n[c]}}}return On(le(u(r)),e,o,i,s)}function Tn(e,t,n){if(Y.config.allowEval){return t()}else{ue(e,"htmx:evalDisallowedError");return n}}function Hn(e,t,n){return On(e,"hx-vars",true,n,t)}function Rn(e,t,n){return On(e,"hx-vals",false,n,t)}function qn(e,t){return se(Hn(e,t),Rn(e,t))}function An(t,n,r){if(r!==null){try{t.setRequestHeader(n,r)}catch(e){t.setRequestHeader(n,encodeURIComponent(r));t.setRequestHeader(n+"-URI-AutoEncoded","true")}}}function Nn(t){if(t.responseURL){try{const e=new URL(t.responseURL);return e.pathname+e.search}catch(e){ue(ee().body,"htmx:badResponseUrl",{url:t.responseURL})}}}function H(e,t){return e.getResponseHeader(t)!==null}function In(t,n,r){t=t.toLowerCase();if(r){if(r instanceof Element||typeof r==="string"){return fe(t,n,null,null,{targetOverride:E(r)||be,returnPromise:true})}else{let e=E(r.target);if(r.target&&!e||r.source&&!e&&!E(r.source)){e=be}return fe(t,n,E(r.source),r.event,{handler:r.handler,headers:r.headers,values:r.values,targetOverride:e,swapOverride:r.swap,select:r.select,returnPromise:true,push:r.push,replace:r.replace,selectOOB:r.selectOOB})}}else{return fe(t,n,null,null,{returnPromise:true})}}function Ln(e){const t=[];while(e){t.push(e);e=e.parentElement}return t}function kn(e,t,n){const r=new URL(t,location.protocol!=="about:"?location.href:window.origin);const o=location.protocol!=="about:"?location.origin:window.origin;const i=o===r.origin;if(Y.config.selfRequestsOnly){if(!i){return false}}return ae(e,"htmx:validateUrl",se({url:r,sameHost:i},n))}function Dn(e){if(e instanceof FormData)return e;const t=new FormData;for(const n of Object.keys(e)){if(e[n]&&typeof e[n].forEach==="function"){e[n].forEach(function(e){t.append(n,e)})}else if(typeof e[n]==="object"&&!(e[n]instanceof Blob)){t.append(n,JSON.stringify(e[n]))}else{t.append(n,e[n])}}return t}function Pn(r,o,e){return new Proxy(e,{get:function(t,e){if(typeof e==="number")return t[e];if(e==="length")return t.length;if(e==="push"){return function(e){t.push(e);r.append(o,e)}}if(typeof t[e]==="function"){return function(){t[e].apply(t,arguments);r.delete(o);t.forEach(function(e){r.append(o,e)})}}if(t[e]&&t[e].length===1){return t[e][0]}else{return t[e]}},set:function(e,t,n){e[t]=n;r.delete(o);e.forEach(function(e){r.append(o,e)});return true}})}function Mn(o){return new Proxy(o,{get:function(e,t){if(typeof t==="symbol"){const r=Reflect.get(e,t);if(typeof r==="function"){return function(){return r.apply(o,arguments)}}else{return r}}if(t==="toJSON"){return()=>Object.fromEntries(o)}if(t in e){if(typeof e[t]==="function"){return function(){return o[t].apply(o,arguments)}}}const n=o.getAll(t);if(n.length===0){return undefined}else if(n.length===1){return n[0]}else{return Pn(e,t,n)}},set:function(t,n,e){if(typeof n!=="string"){return false}t.delete(n);if(e&&typeof e.forEach==="function"){e.forEach(function(e){t.append(n,e)})}else if(typeof e==="object"&&!(e instanceof Blob)){t.append(n,JSON.stringify(e))}else{t.append(n,e)}return true},deleteProperty:function(e,t){if(typeof t==="string"){e.delete(t)}return true},ownKeys:function(e){return Reflect.ownKeys(Object.fromEntries(e))},getOwnPropertyDescriptor:function(e,t){return Reflect.getOwnPropertyDescriptor(Object.fromEntries(e),t)}})}function fe(t,n,r,o,i,P){let s=null;let l=null;i=i!=null?i:{};if(i.returnPromise&&typeof Promise!=="undefined"){var e=new Promise(function(e,t){s=e;l=t})}if(r==null){r=ee().body}const M=i.handler||Vn;const F=i.select||null;if(!ie(r)){ne(s);return e}const c=i.targetOverride||le(Se(r));if(c==null||c==be){ue(r,"htmx:targetError",{target:te(r,"hx-target")});ne(l);return e}let u=re(r);const a=u.lastButtonClicked;if(a){const A=Q(a,"formaction");if(A!=null){n=A}const N=Q(a,"formmethod");if(N!=null){if(he.includes(N.toLowerCase())){t=N}else{ne(s);return e}}}const f=te(r,"hx-confirm");if(P===undefined){const K=function(e){return fe(t,n,r,o,i,!!e)};const G={target:c,elt:r,path:n,verb:t,triggeringEvent:o,etc:i,issueRequest:K,question:f};if(ae(r,"htmx:confirm",G)===false){ne(s);return e}}let h=r;let d=te(r,"hx-sync");let p=null;let B=false;if(d){const I=d.split(":");const L=I[0].trim();if(L==="this"){h=we(r,"hx-sync")}else{h=le(ce(r,L))}d=(I[1]||"drop").trim();u=re(h);if(d==="drop"&&u.xhr&&u.abortable!==true){ne(s);return e}else if(d==="abort"){if(u.xhr){ne(s);return e}else{B=true}}else if(d==="replace"){ae(h,"htmx:abort")}else if(d.indexOf("queue")===0){const W=d.split(" ");p=(W[1]||"last").trim()}}if(u.xhr){if(u.abortable){ae(h,"htmx:abort")}else{if(p==null){if(o){const k=re(o);if(k&&k.triggerSpec&&k.triggerSpec.queue){p=k.triggerSpec.queue}}if(p==null){p="last"}}if(u.queuedRequests==null){u.queuedRequests=[]}if(p==="first"&&u.queuedRequests.length===0){u.queuedRequests.push(function(){fe(t,n,r,o,i)})}else if(p==="all"){u.queuedRequests.push(function(){fe(t,n,r,o,i)})}else if(p==="last"){u.queuedRequests=[];u.queuedRequests.push(function(){fe(t,n,r,o,i)})}ne(s);return e}}const g=new XMLHttpRequest;u.xhr=g;u.abortable=B;const m=function(){u.xhr=null;u.abortable=false;if(u.queuedRequests!=null&&u.queuedRequests.length>0){const e=u.queuedRequests.shift();e()}};const X=te(r,"hx-prompt");if(X){var y=prompt(X);if(y===null||!ae(r,"htmx:prompt",{prompt:y,target:c})){ne(s);m();return e}}if(f&&!P){if(!confirm(f)){ne(s);m();return e}}let x=yn(r,c,y);if(t!=="get"&&!wn(r)){x["Content-Type"]="application/x-www-form-urlencoded"}if(i.headers){x=se(x,i.headers)}const U=pn(r,t);let b=U.errors;const j=U.formData;if(i.values){dn(j,Dn(i.values))}const V=Dn(qn(r,o));const v=dn(j,V);let w=xn(v,r);if(Y.config.getCacheBusterParam&&t==="get"){w.set("org.htmx.cache-buster",Q(c,"id")||"true")}if(n==null||n===""){n=location.href}const S=On(r,"hx-request");const $=re(r).boosted;let E=Y.config.methodsThatUseUrlParams.indexOf(t)>=0;const C={boosted:$,useUrlParams:E,formData:w,parameters:Mn(w),unfilteredFormData:v,unfilteredParameters:Mn(v),headers:x,elt:r,target:c,verb:t,errors:b,withCredentials:i.credentials||S.credentials||Y.config.withCredentials,timeout:i.timeout||S.timeout||Y.config.timeout,path:n,triggeringEvent:o};if(!ae(r,"htmx:configRequest",C)){ne(s);m();return e}n=C.path;t=C.verb;x=C.headers;w=Dn(C.parameters);b=C.errors;E=C.useUrlParams;if(b&&b.length>0){ae(r,"htmx:validation:halted",C);ne(s);m();return e}const _=n.split("#");const z=_[0];const O=_[1];let T=n;if(E){T=z;const Z=!w.keys().next().done;if(Z){if(T.indexOf("?")<0){T+="?"}else{T+="&"}T+=mn(w);if(O){T+="#"+O}}}if(!kn(r,T,C)){ue(r,"htmx:invalidPath",C);ne(l);m();return e}g.open(t.toUpperCase(),T,true);g.overrideMimeType("text/html");g.withCredentials=C.withCredentials;g.timeout=C.timeout;if(S.noHeaders){}else{for(const D of Object.keys(x)){An(g,D,x[D])}}const H={xhr:g,target:c,requestConfig:C,etc:i,boosted:$,select:F,pathInfo:{requestPath:n,finalRequestPath:T,responsePath:null,anchor:O}};g.onload=function(){try{const t=Ln(r);H.pathInfo.responsePath=Nn(g);M(r,H);if(H.keepIndicators!==true){on(R,q)}ae(r,"htmx:afterRequest",H);ae(r,"htmx:afterOnLoad",H);if(!ie(r)){let e=null;while(t.length>0&&e==null){const n=t.shift();if(ie(n)){e=n}}if(e){ae(e,"htmx:afterRequest",H);ae(e,"htmx:afterOnLoad",H)}}ne(s)}catch(e){ue(r,"htmx:onLoadError",se({error:e},H));throw e}finally{m()}};g.onerror=function(){on(R,q);ue(r,"htmx:afterRequest",H);ue(r,"htmx:sendError",H);ne(l);m()};g.onabort=function(){on(R,q);ue(r,"htmx:afterRequest",H);ue(r,"htmx:sendAbort",H);ne(l);m()};g.ontimeout=function(){on(R,q);ue(r,"htmx:afterRequest",H);ue(r,"htmx:timeout",H);ne(l);m()};if(!ae(r,"htmx:beforeRequest",H)){ne(s);m();return e}var R=nn(r);var q=rn(r);oe(["loadstart","loadend","progress","abort"],function(t){oe([g,g.upload],function(e){e.addEventListener(t,function(e){ae(r,"htmx:xhr:"+t,{lengthComputable:e.lengthComputable,loaded:e.loaded,total:e.total})})})});ae(r,"htmx:beforeSend",H);const J=E?null:Sn(g,r,w);g.send(J);return e}function Fn(e,t){const n=t.xhr;let r=null;let o=null;if(H(n,"HX-Push")){r=n.getResponseHeader("HX-Push");o="push"}else if(H(n,"HX-Push-Url")){r=n.getResponseHeader("HX-Push-Url");o="push"}else if(H(n,"HX-Replace-Url")){r=n.getResponseHeader("HX-Replace-Url");o="replace"}if(r){if(r==="false"){return{}}else{return{type:o,path:r}}}const i=t.pathInfo.finalRequestPath;const s=t.pathInfo.responsePath;const l=t.etc.push||te(e,"hx-push-url");let c=t.etc.replace||te(e,"hx-replace-url");if(c==="false")c=null;const u=re(e).boosted;let a=null;let f=null;if(l){a="push";f=l}else if(c){a="replace";f=c}else if(u){a="push";f=s||i}if(f){if(f==="false"){return{}}if(f==="true"){f=s||i}if(t.pathInfo.anchor&&f.indexOf("#")===-1){f=f+"#"+t.pathInfo.anchor}return{type:a,path:f}}else{return{}}}function Bn(e,t){var n=new RegExp(e.code);return n.test(t.toString(10))}function Xn(e){for(var t=0;t<Y.config.responseHandling.length;t++){var n=Y.config.responseHandling[t];if(Bn(n,e.status)){return n}}return{swap:false}}function Un(e){if(e){const t=a("title");if(t){t.textContent=e}else{window.document.title=e}}}function jn(e,t){if(t==="this"){return e}const n=le(ce(e,t));if(n==null){ue(e,"htmx:targetError",{target:t});throw new Error(`Invalid re-target ${t}`)}return n}function Vn(t,e){const n=e.xhr;let r=e.target;const o=e.etc;const i=e.select;if(!ae(t,"htmx:beforeOnLoad",e))return;if(H(n,"HX-Trigger")){ze(n,"HX-Trigger",t)}if(H(n,"HX-Location")){let e=n.getResponseHeader("HX-Location");var s={};if(e.indexOf("{")===0){s=v(e);e=s.path;delete s.path}s.push=s.push??"true";In("get",e,s);return}const l=H(n,"HX-Refresh")&&n.getResponseHeader("HX-Refresh")==="true";if(H(n,"HX-Redirect")){e.keepIndicators=true;Y.location.href=n.getResponseHeader("HX-Redirect");l&&Y.location.reload();return}if(l){e.keepIndicators=true;Y.location.reload();return}const c=Fn(t,e);const u=Xn(n);const a=u.swap;let f=!!u.error;let h=Y.config.ignoreTitle||u.ignoreTitle;let d=u.select;if(u.target){e.target=jn(t,u.target)}var p=o.swapOverride;if(p==null&&u.swapOverride){p=u.swapOverride}if(H(n,"HX-Retarget")){e.target=jn(t,n.getResponseHeader("HX-Retarget"))}if(H(n,"HX-Reswap")){p=n.getResponseHeader("HX-Reswap")}var g=n.response;var m=se({shouldSwap:a,serverResponse:g,isError:f,ignoreTitle:h,selectOverride:d,swapOverride:p},e);if(u.event&&!ae(r,u.event,m))return;if(!ae(r,"htmx:beforeSwap",m))return;r=m.target;g=m.serverResponse;f=m.isError;h=m.ignoreTitle;d=m.selectOverride;p=m.swapOverride;e.target=r;e.failed=f;e.successful=!f;if(m.shouldSwap){if(n.status===286){ct(t)}Vt(t,function(e){g=e.transformResponse(g,n,t)});if(c.type){Wt()}var y=vn(t,p);if(!y.hasOwnProperty("ignoreTitle")){y.ignoreTitle=h}w(r,Y.config.swappingClass);if(i){d=i}if(H(n,"HX-Reselect")){d=n.getResponseHeader("HX-Reselect")}const x=o.selectOOB||te(t,"hx-select-oob");const b=te(t,"hx-select");C(r,g,y,{select:d==="unset"?null:d||b,selectOOB:x,eventInfo:e,anchor:e.pathInfo.anchor,contextElement:t,afterSwapCallback:function(){if(H(n,"HX-Trigger-After-Swap")){let e=t;if(!ie(t)){e=ee().body}ze(n,"HX-Trigger-After-Swap",e)}},afterSettleCallback:function(){if(H(n,"HX-Trigger-After-Settle")){let e=t;if(!ie(t)){e=ee().body}ze(n,"HX-Trigger-After-Settle",e)}},beforeSwapCallback:function(){if(c.type){ae(ee().body,"htmx:beforeHistoryUpdate",se({history:c},e));if(c.type==="push"){Zt(c.path);ae(ee().body,"htmx:pushedIntoHistory",{path:c.path})}else{Yt(c.path);ae(ee().body,"htmx:replacedInHistory",{path:c.path})}}}})}if(f){ue(t,"htmx:responseError",se({error:"Response Status Error Code "+n.status+" from "+e.pathInfo.requestPath},e))}}const $n={};function _n(){return{init:function(e){return null},getSelectors:function(){return null},onEvent:function(e,t){return true},transformResponse:function(e,t,n){return e},isInlineSwap:function(e){return false},handleSwap:function(e,t,n,r){return false},encodeParameters:function(e,t,n){return null}}}function zn(e,t){if(t.init){t.init(n)}$n[e]=se(_n(),t)}function Jn(e){delete $n[e]}function Kn(e,n,r){if(n==undefined){n=[]}if(e==undefined){return n}if(r==undefined){r=[]}const t=f(e,"hx-ext");if(t){oe(t.split(","),function(e){e=e.replace(/ /g,"");if(e.slice(0,7)=="ignore:"){r.push(e.slice(7));return}if(r.indexOf(e)<0){const t=$n[e];if(t&&n.indexOf(t)<0){n.push(t)}}})}return Kn(le(u(e)),n,r)}var Gn=false;ee().addEventListener("DOMContentLoaded",function(){Gn=true});function Wn(e){if(Gn||ee().readyState==="complete"){e()}else{ee().addEventListener("DOMContentLoaded",e)}}function Zn(){if(Y.config.includeIndicatorStyles!==false){const e=Y.config.inlineStyleNonce?` nonce="${Y.config.inlineStyleNonce}"`:"";const t=Y.config.indicatorClass;const n=Y.config.requestClass;ee().head.insertAdjacentHTML("beforeend",`<style${e}>`+`.${t}{opacity:0;visibility: hidden} `+`.${n} .${t}, .${n}.${t}{opacity:1;visibility: visible;transition: opacity 200ms ease-in}`+"</style>")}}function Yn(){const e=ee().querySelector('meta[name="htmx-config"]');if(e){return v(e.content)}else{return null}}function Qn(){const e=Yn();if(e){Y.config=se(Y.config,e)}}Wn(function(){Qn();Zn();let e=ee().body;Bt(e);const t=ee().querySelectorAll("[hx-trigger='restored'],[data-hx-trigger='restored']");e.addEventListener("htmx:abort",function(e){const t=e.detail.elt||e.target;const n=re(t);if(n&&n.xhr){n.xhr.abort()}});const n=window.onpopstate?window.onpopstate.bind(window):null;window.onpopstate=function(e){if(e.state&&e.state.htmx){tn();oe(t,function(e){ae(e,"htmx:restored",{document:ee(),triggerEvent:ae})})}else{if(n){n(e)}}};b().setTimeout(function(){ae(e,"htmx:load",{});e=null},0)});return Y}();;
// js/hand.js
// Hand entry: tap cards to give them to the chosen side, and steppers. Everything here only
// speeds up a form that also works without JavaScript: the radios inside each card remain the
// source of truth and are what the form submits. The numbers (each side's counters on its
// button, the preview) are the server's: they come with the preview htmx fetches on every
// change, the counters out of band.
(function () {
  "use strict";

  function handForm() {
    return document.getElementById("hand-form");
  }

  function activeSide(form) {
    var pressed = form.querySelector('.side-pick[aria-pressed="true"]');
    return pressed ? pressed.dataset.side : "0";
  }

  function sideLabels(form) {
    var labels = {};
    form.querySelectorAll(".side-pick").forEach(function (button) {
      // A long side name has a short form for the label under each card.
      var name = button.dataset.short || button.querySelector(".side-pick-name").textContent.trim();
      labels[button.dataset.side] = name;
    });
    return labels;
  }

  function setCard(card, side) {
    var radio = card.querySelector('input[type="radio"][value="' + side + '"]');
    if (radio) radio.checked = true;
    card.dataset.side = side;
  }

  // Each card shows who has it, from its checked radio. True when a card's side was not the
  // one the page was drawn with (the browser put back what was entered before a reload).
  function refresh(form) {
    if (!form) return false;
    var labels = sideLabels(form);
    var moved = false;
    form.querySelectorAll(".card").forEach(function (card) {
      var checked = card.querySelector('input[type="radio"]:checked');
      var side = checked ? checked.value : "";
      if (card.dataset.side !== side) moved = true;
      card.dataset.side = side;
      card.dataset.sideLabel = side === "" ? "" : labels[side] || "";
    });
    return moved;
  }

  function changed(form) {
    refresh(form);
    // One bubbling change event tells htmx to refresh the preview.
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    var fill = target.closest("[data-fill-player]");
    if (fill) {
      var empty = Array.prototype.find.call(
        document.querySelectorAll('input[name^="player_"]'),
        function (input) { return input.value.trim() === ""; }
      );
      if (empty) {
        empty.value = fill.dataset.fillPlayer;
        empty.focus();
      }
      return;
    }
    var form = handForm();
    if (!form || !form.contains(target)) return;

    var pick = target.closest(".side-pick");
    if (pick) {
      form.querySelectorAll(".side-pick").forEach(function (button) {
        button.setAttribute("aria-pressed", button === pick ? "true" : "false");
      });
      return;
    }
    var card = target.closest(".card");
    if (card && !target.closest("input, label")) {
      var side = activeSide(form);
      if (card.dataset.side !== side && form.dataset.singleSide === side) {
        // A side that holds one card only (the played card on the capture referee).
        form.querySelectorAll('.card[data-side="' + side + '"]').forEach(function (other) {
          setCard(other, "");
        });
      }
      setCard(card, card.dataset.side === side ? "" : side);
      changed(form);
      return;
    }
    var rest = target.closest(".rest-to");
    if (rest) {
      event.preventDefault();
      form.querySelectorAll(".card").forEach(function (each) {
        if (each.dataset.side === "") setCard(each, rest.value);
      });
      changed(form);
      return;
    }
    var step = target.closest(".step");
    if (step) {
      var input = document.getElementById(step.dataset.target);
      var value = (parseInt(input.value, 10) || 0) + parseInt(step.dataset.step, 10);
      var max = input.max ? parseInt(input.max, 10) : Infinity;
      // A field that takes negative points says so by its min (the custom game's).
      var min = input.min ? parseInt(input.min, 10) : 0;
      input.value = Math.min(Math.max(value, min), max);
      changed(form);
    }
  });

  document.addEventListener("change", function (event) {
    var form = handForm();
    if (form && event.target !== form && form.contains(event.target)) refresh(form);
  });

  // A save makes a preview still on its way stale: answered after the save's own answer, its
  // counters would be written over the next hand's empty ones. The save aborts one in flight,
  // and no preview starts while the save is on its way (its answer brings the next preview).
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = handForm();
    var element = event.detail.elt;
    if (!form || !element) return;
    var preview = document.getElementById("preview");
    if (element === form && preview) {
      htmx.trigger(preview, "htmx:abort");
    } else if (element.id === "preview" && form.classList.contains("htmx-request")) {
      event.preventDefault();
    }
  });

  // A hand this phone recorded (htmx answered with only what changed): every form on the page
  // now writes against the table's new version, and the hand form is emptied for the next
  // hand when the server found it still the right form (otherwise it sent a new one).
  document.addEventListener("hand-recorded", function (event) {
    var detail = event.detail || {};
    if (detail.version !== undefined) {
      document.querySelectorAll('#table-main input[name="table_version"]').forEach(function (input) {
        input.value = detail.version;
      });
    }
    var form = handForm();
    if (!form) return;
    if (detail.reset) {
      form.reset();
      form.querySelectorAll(".side-pick").forEach(function (button, index) {
        button.setAttribute("aria-pressed", index === 0 ? "true" : "false");
      });
      refresh(form);
    }
    // Not for a hand kept offline and sent in the background (pending.js): the player may be
    // elsewhere on the page.
    if (!detail.background) focusFirst(form);
  });

  // The next hand starts where the last one did: otherwise focus falls to the page's body (the
  // Save button it was on is gone, or was disabled while saving), and a keyboard or screen
  // reader user starts again from the top. Without scrolling: the save shows the scoreboard.
  function focusFirst(form) {
    var controls = form.querySelectorAll("input:not([type=hidden]), select, textarea, button");
    for (var i = 0; i < controls.length; i++) {
      var control = controls[i];
      if (control.disabled || control.tabIndex < 0 || !control.getClientRects().length) continue;
      if (control.type === "radio" && control.name) {
        // A radio group's tab stop is its checked radio.
        var checked = form.querySelector('input[type="radio"][name="' + control.name + '"]:checked');
        if (checked) control = checked;
      }
      control.focus({ preventScroll: true });
      return;
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = handForm();
    // Cards the browser put back: the server counts them with the preview.
    if (refresh(form)) form.dispatchEvent(new Event("change", { bubbles: true }));
  });
  document.addEventListener("htmx:afterSettle", function () { refresh(handForm()); });
  // The sides' names changed without a swap (a referee with no signal: referee-offline.js).
  document.addEventListener("sides-renamed", function () { refresh(handForm()); });

  // A change to a part that redraws itself (data-redraw: the referee's game and sides) goes no
  // further, so the form's own trigger (a tap redraws the verdict) does not fire as well. A
  // filter in hx-trigger would do it, but needs eval, which the CSP forbids.
  function stopAtRedraw(root) {
    root.querySelectorAll("[data-redraw]").forEach(function (part) {
      if (part.dataset.stopsChange) return;
      part.dataset.stopsChange = "true";
      part.addEventListener("change", function (event) { event.stopPropagation(); });
    });
  }
  document.addEventListener("DOMContentLoaded", function () { stopAtRedraw(document); });
  document.addEventListener("htmx:load", function (event) { stopAtRedraw(event.target); });

  // The new-table form is drawn again for the game chosen, with the names it was sent; names
  // typed while that was on its way (a slow signal) would be lost to the older copy, so what
  // the boxes hold when it arrives is put back into the boxes of the same name, as soon as it
  // is in the page: not once it has settled (20 ms on), which put back over names typed in
  // the new boxes meanwhile what the old ones held.
  var typedNames = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var form = event.detail.target;
    if (!form || form.id !== "table-form") return;
    typedNames = {};
    form.querySelectorAll('input[name^="player_"]').forEach(function (input) {
      typedNames[input.name] = input.value;
    });
  });
  document.addEventListener("htmx:afterSwap", function () {
    var form = document.getElementById("table-form");
    if (!typedNames || !form) return;
    form.querySelectorAll('input[name^="player_"]').forEach(function (input) {
      if (Object.prototype.hasOwnProperty.call(typedNames, input.name)) {
        input.value = typedNames[input.name];
      }
    });
    typedNames = null;
  });
})();

// The card grid is one tab stop (a roving tabindex): Tab reaches it once, the arrow keys move
// from card to card (up and down by where the cards are drawn, so any grid's shape works), and
// Space or Enter gives the card to the picked side as a tap does. Forty cards of radios would
// otherwise be forty tab stops between the side picker and the Save button.
// Focus stays on the card's checked radio, the control the form submits: a screen reader says
// the card (its fieldset's legend) and who has it ("7 of Coins, Ann, radio button, checked").
(function () {
  "use strict";

  function cardsOf(grid) {
    return Array.prototype.slice.call(grid.querySelectorAll(".card"));
  }

  function stop(card) {
    return card.querySelector('input[type="radio"]:checked') || card.querySelector('input[type="radio"]');
  }

  function cardGrid(input) {
    return input.closest && input.closest(".js .card-grid .card") ? input.closest(".card") : null;
  }

  // Exactly one radio of the grid is tabbable: the one in the card focused last, else the first
  // card's. Called again whenever checks change, since the checked radio of a card moves.
  function prepare() {
    if (!document.documentElement.classList.contains("js")) return;
    document.querySelectorAll(".card-grid").forEach(function (grid) {
      var cards = cardsOf(grid);
      if (!cards.length) return;
      var current = cards.filter(function (card) { return card.dataset.roving === "1"; })[0] || cards[0];
      cards.forEach(function (card) {
        card.dataset.roving = card === current ? "1" : "";
        var target = card === current ? stop(card) : null;
        card.querySelectorAll('input[type="radio"]').forEach(function (input) {
          input.tabIndex = input === target ? 0 : -1;
        });
      });
    });
  }

  // The nearest card in the next row down (step 1) or up (-1), by the middle of each card.
  function vertical(cards, card, step) {
    var here = card.getBoundingClientRect();
    var middle = here.left + here.width / 2;
    var best = null;
    cards.forEach(function (other) {
      var box = other.getBoundingClientRect();
      var beyond = step > 0 ? box.top > here.top + 1 : box.top < here.top - 1;
      if (!beyond) return;
      var rows = Math.abs(box.top - here.top);
      var across = Math.abs(box.left + box.width / 2 - middle);
      if (!best || rows < best.rows - 1 || (Math.abs(rows - best.rows) <= 1 && across < best.across)) {
        best = { card: other, rows: rows, across: across };
      }
    });
    return best ? best.card : null;
  }

  function focusCard(card) {
    card.closest(".card-grid").querySelectorAll(".card").forEach(function (each) {
      each.dataset.roving = each === card ? "1" : "";
    });
    prepare();
    stop(card).focus();
  }

  document.addEventListener("keydown", function (event) {
    var card = cardGrid(event.target);
    if (!card || event.altKey || event.ctrlKey || event.metaKey) return;
    var cards = cardsOf(card.closest(".card-grid"));
    var index = cards.indexOf(card);
    var next = null;
    switch (event.key) {
      case "ArrowRight": next = cards[index + 1]; break;
      case "ArrowLeft": next = cards[index - 1]; break;
      case "ArrowDown": next = vertical(cards, card, 1); break;
      case "ArrowUp": next = vertical(cards, card, -1); break;
      case "Home": next = cards[0]; break;
      case "End": next = cards[cards.length - 1]; break;
      case " ":
      case "Enter":
        // Not the radio's own Space (a no-op on a checked radio) nor Enter (submits the form).
        event.preventDefault();
        card.click();
        focusCard(card);
        return;
      default:
        return;
    }
    // Not the radios' own arrows, which would change who has the card.
    event.preventDefault();
    if (next) focusCard(next);
  });

  // A card tapped or focused with Tab becomes the grid's tab stop.
  document.addEventListener("focusin", function (event) {
    var card = cardGrid(event.target);
    if (card && card.dataset.roving !== "1") {
      card.closest(".card-grid").querySelectorAll(".card").forEach(function (each) {
        each.dataset.roving = each === card ? "1" : "";
      });
    }
  });
  document.addEventListener("change", prepare);
  document.addEventListener("reset", function () { setTimeout(prepare, 0); });
  document.addEventListener("hand-recorded", prepare);
  document.addEventListener("DOMContentLoaded", prepare);
  document.addEventListener("htmx:afterSettle", prepare);
})();;
// js/notices.js
// A write refused because the table changed meanwhile (409) puts its notice at the top of the
// page; a boosted button far down the history would leave it out of sight, so bring it into
// view and give it the focus, so a screen reader reads it too. A hand refused (422) says why
// above its form, far above the Save button on a phone: it is brought into view the same way.
(function () {
  "use strict";

  function showConflict() {
    var notice = document.getElementById("conflict");
    if (!notice || notice.dataset.shown) return;
    notice.dataset.shown = "true";
    notice.setAttribute("tabindex", "-1");
    notice.scrollIntoView({ block: "start" });
    notice.focus({ preventScroll: true });
  }

  function showRefusal() {
    // A new answer brings a new element: each refusal is shown once.
    var errors = document.getElementById("form-errors");
    if (!errors || errors.dataset.shown || document.getElementById("conflict")) return;
    errors.dataset.shown = "true";
    errors.scrollIntoView({ block: "start" });
    errors.focus({ preventScroll: true });
  }

  document.addEventListener("DOMContentLoaded", showConflict);
  document.addEventListener("htmx:afterSettle", showConflict);
  document.addEventListener("htmx:afterSettle", showRefusal);
})();;
// js/live.js
// The live table: a poll that keeps the page in step with the other phones, a change to a hand
// that survives a lost connection (a new hand is kept by pending.js), and a hand being entered
// that survives a reload.
// Everything here only helps a page that also works without JavaScript.
(function () {
  "use strict";

  function handForm() {
    return document.getElementById("hand-form");
  }

  // The form for a new hand (it has a token); an edit page's form is left alone.
  function newHandForm() {
    var form = handForm();
    var token = form && form.querySelector('input[name="hand_token"]');
    return token && token.value ? form : null;
  }

  // Untouched: every input as the server rendered it.
  function pristine(form) {
    if (!form) return true;
    for (var i = 0; i < form.elements.length; i++) {
      var input = form.elements[i];
      if (!input.name || input.type === "hidden" || input.tagName === "BUTTON") continue;
      if (input.type === "radio" || input.type === "checkbox") {
        if (input.checked !== input.defaultChecked) return false;
      } else if (input.tagName === "SELECT") {
        for (var j = 0; j < input.options.length; j++) {
          if (input.options[j].selected !== input.options[j].defaultSelected) return false;
        }
      } else if (input.value !== input.defaultValue) {
        return false;
      }
    }
    return true;
  }

  function versionOf(etag) {
    var digits = /t(\d+)/.exec(etag || "");
    return digits ? parseInt(digits[1], 10) : -1;
  }

  function pollNow() {
    var live = document.getElementById("live");
    if (live && window.htmx) window.htmx.trigger(live, "poll-now");
  }

  function saveStatus(key) {
    var status = document.getElementById("save-status");
    if (!status) return;
    status.textContent = key ? status.dataset[key] : "";
    status.hidden = !key;
  }

  // -- the poll: If-None-Match is the version the page shows, so an unchanged table costs the
  // server one query and answers 304 with nothing to swap.
  document.addEventListener("htmx:configRequest", function (event) {
    var live = event.detail.elt;
    if (live.id !== "live") return;
    if (document.hidden) {
      event.preventDefault();
      return;
    }
    var form = newHandForm();
    var untouched = pristine(form);
    var etag = live.dataset.etag;
    // An untouched form still at an older version than the page (it was being filled in when
    // the table changed, then cleared) asks from its own version, to be brought up to date.
    var guard = form && form.querySelector('input[name="table_version"]');
    if (untouched && guard && guard.value && versionOf(etag) > parseInt(guard.value, 10)) {
      etag = '"t' + guard.value + '"';
    }
    event.detail.headers["If-None-Match"] = etag;
    event.detail.parameters.pristine = untouched ? "1" : "0";
    live.polledFor = { form: form, untouched: untouched };
    if (!live.guardsTheEntry) {
      live.addEventListener("htmx:beforeSwap", dropIfOutrun);
      live.guardsTheEntry = true;
    }
    var signature = form && form.querySelector('input[name="form_signature"]');
    if (signature) event.detail.parameters.signature = signature.value;
  });

  // A poll answers for the hand entry as it was when the poll was sent. If a save's answer has
  // drawn another entry meanwhile (a 409 keeping the hand, its token and its version), or the
  // player has begun to fill in the untouched one, the poll's new guard or entry would replace
  // it: that answer is dropped, and the poll asked again for the page as it now is.
  var outrun = typeof WeakSet === "function" ? new WeakSet() : null;

  // On the poll's own element: a 409's answer may have replaced it (it is in #table-main),
  // and an element taken out of the page no longer passes its events up to the document.
  function dropIfOutrun(event) {
    var said = event.detail.elt.polledFor;
    event.detail.elt.polledFor = null;
    if (!said || !said.untouched || !outrun) return;
    var form = newHandForm();
    if (form === said.form && pristine(form)) return;
    event.detail.shouldSwap = false;
    outrun.add(event.detail.xhr);
    setTimeout(pollNow, 0);
  }

  document.addEventListener("htmx:afterRequest", function (event) {
    var etag = event.detail.xhr && event.detail.xhr.getResponseHeader("ETag");
    var live = document.getElementById("live");
    var dropped = outrun && event.detail.xhr && outrun.has(event.detail.xhr);
    if (event.detail.elt.id === "live" && etag && live && event.detail.successful && !dropped) {
      live.dataset.etag = etag;
    }
    if (event.detail.elt === handForm() && event.detail.xhr.status && event.detail.xhr.status < 500) {
      // The server answered the save (stored, refused or kept for correction): no retry.
      pending = false;
      retryDelay = FIRST_RETRY;
      clearTimeout(retryTimer);
      saveStatus("");
    }
  });

  // This phone's own save: the page shows the new version, so the poll has nothing to say.
  document.addEventListener("hand-recorded", function (event) {
    var live = document.getElementById("live");
    var detail = event.detail || {};
    if (live && detail.version !== undefined) live.dataset.etag = '"t' + detail.version + '"';
    forgetDraft();
  });

  // -- a save that did not reach the server: keep the entry, say so, and send the same form
  // again (same hand_token, so it is stored once) when the connection is back.
  var FIRST_RETRY = 2000;
  var pending = false;
  var retryTimer = null;
  var retryDelay = FIRST_RETRY;

  function failed(event) {
    var form = handForm();
    if (!form || event.detail.elt !== form) return; // a preview or a poll: the next one will do
    if (newHandForm()) return; // a new hand: pending.js keeps it on the phone and sends it
    pending = true;
    saveStatus(navigator.onLine === false ? "offline" : "retrying");
    clearTimeout(retryTimer);
    retryTimer = setTimeout(retry, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 30000);
  }

  function retry() {
    var form = handForm();
    if (!pending || !form) return;
    if (navigator.onLine === false) {
      retryTimer = setTimeout(retry, retryDelay);
      return;
    }
    saveStatus("retrying");
    // Its Save button, so the post is a save and not a shortcut button pressed earlier.
    var save = form.querySelector('button.button-primary[type="submit"]');
    if (save) save.click();
  }

  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:timeout", failed);
  document.addEventListener("htmx:responseError", function (event) {
    if (event.detail.xhr.status >= 500) failed(event);
  });
  window.addEventListener("online", function () {
    if (!pending) return;
    retryDelay = FIRST_RETRY;
    clearTimeout(retryTimer);
    retry();
  });

  // -- drafts: the hand being entered is kept in the phone's storage, per table, and comes
  // back after a reload, back/forward or the browser dropping the tab while the phone slept.
  function draftKey(form) {
    return "scorekeeper:draft:" + form.getAttribute("action");
  }

  function keepDraft() {
    var form = newHandForm();
    if (!form) return;
    try {
      if (pristine(form)) {
        localStorage.removeItem(draftKey(form));
        return;
      }
      var fields = [];
      new FormData(form).forEach(function (value, name) {
        if (name !== "csrfmiddlewaretoken" && name !== "form_signature") fields.push([name, value]);
      });
      localStorage.setItem(draftKey(form), JSON.stringify({ fields: fields }));
    } catch (error) {
      // Storage full or turned off: the entry is simply not kept.
    }
  }

  function forgetDraft() {
    var form = newHandForm() || handForm();
    try {
      if (form) localStorage.removeItem(draftKey(form));
    } catch (error) {
      // Nothing was kept.
    }
  }

  // On load only: the browser may have put some inputs back itself (not the hidden ones);
  // the draft has them all.
  function restoreDraft() {
    var form = newHandForm();
    if (!form) return;
    var draft = null;
    try {
      draft = JSON.parse(localStorage.getItem(draftKey(form)) || "null");
    } catch (error) {
      return;
    }
    if (!draft || !draft.fields) return;
    var values = {};
    draft.fields.forEach(function (pair) {
      (values[pair[0]] = values[pair[0]] || []).push(pair[1]);
    });
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || input.name === "csrfmiddlewaretoken" || input.name === "form_signature") return;
      var given = values[input.name];
      if (input.type === "radio" || input.type === "checkbox") {
        input.checked = !!given && given.indexOf(input.value) >= 0;
      } else if (given) {
        // The draft's token and version too: sent again, it is stored once, and a table
        // changed meanwhile is refused with what changed rather than recorded twice.
        input.value = given[0];
      }
    });
    saveStatus("restored");
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  document.addEventListener("change", function (event) {
    var form = handForm();
    if (form && form.contains(event.target)) keepDraft();
  });
  document.addEventListener("input", function (event) {
    var form = handForm();
    if (form && form.contains(event.target)) keepDraft();
  });
  document.addEventListener("reset", function (event) {
    if (event.target !== handForm()) return;
    forgetDraft();
    // After the browser has put the inputs back: redraw the cards and the preview, and bring
    // the now empty form up to the table's version at once.
    setTimeout(function () {
      event.target.dispatchEvent(new Event("change", { bubbles: true }));
      pollNow();
    }, 0);
  });
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-discard-draft]")) forgetDraft();
  });
  document.addEventListener("DOMContentLoaded", restoreDraft);
})();;
// js/offline-engine.js
// The rules the phone scores pending hands with when it has no signal: the server's own pure
// engine (games/scoring and the game engines, zipped by scorekeeper/offline_engine.py) run by
// Pyodide in a worker (static/js/offline-engine-worker.js), so there is no second set of rules
// to drift and the page stays quick. Nothing is fetched until something asks for
// ScorekeeperEngine.ready; the service worker has fetched and kept the runtime in the background
// after a visit with a signal (not on save-data), so it starts from the phone.
//
//   ScorekeeperEngine.ready            a Promise: resolves once the engine is running (rejects
//                                      when the runtime is not on this phone or this server)
//   ScorekeeperEngine.score(sheet, firstDealer)
//                                      a Promise of a scoresheet's score (docs/scoresheet.md;
//                                      an object or its JSON text, pending hands appended as
//                                      rounds), hand by hand: {ok, problems: [{text, round,
//                                      field}], rounds: [{points: {side: n}}], totals: {side: n},
//                                      totals_after_each_round, finished, winners, eliminated}
//                                      (games/scoring/phone.py)
//   ScorekeeperEngine.pending(sheet, hands, firstDealer, numbers)
//                                      a Promise of the hands kept on this phone (each the
//                                      [name, value] fields its form would have posted,
//                                      static/js/pending.js) read by the game's own reader and
//                                      scored after the sheet's: score's answer with {stored,
//                                      pending: [{points} or {problem}], readable}; pending_text,
//                                      each hand's points as the game writes them (or null);
//                                      totals_text,
//                                      the totals as the server's scoreboard writes them in the
//                                      page's language (numbers: JSON text, {language,
//                                      decimal_separator}); and next_dealer, the seat that deals
//                                      next (null once the game is over)
//   ScorekeeperEngine.call(module, name, args)
//                                      a Promise of what a function of the engine's zip that
//                                      takes and gives JSON text answers, parsed (the referees:
//                                      games/plugins/scopa/rulings.answer_json)
(function () {
  "use strict";

  // Pyodide's version: scripts/fetch_pyodide.py and scorekeeper/offline_engine.py say the same.
  var PYODIDE = "314.0.7";
  var ENGINE_ZIP = "/offline/engine.zip";
  var RUNTIME = location.origin + "/offline/pyodide-" + PYODIDE + "/";
  var script = document.currentScript;
  // The static files' base, from this script's own address (bundle.js, or this file).
  var STATIC = script && script.src ? script.src.replace(/js\/[^/]*$/, "") : "/static/";

  var worker = null;
  var loading = null;
  var waiting = {};
  var nextId = 1;

  function call(message) {
    return new Promise(function (resolve, reject) {
      message.id = nextId++;
      waiting[message.id] = { resolve: resolve, reject: reject };
      worker.postMessage(message);
    });
  }

  function failAll(error) {
    Object.keys(waiting).forEach(function (id) { waiting[id].reject(error); });
    waiting = {};
  }

  function load() {
    if (loading) return loading;
    try {
      worker = new Worker(STATIC + "js/offline-engine-worker.js", { type: "module" });
    } catch (error) {
      return Promise.reject(error);
    }
    worker.onmessage = function (event) {
      var answer = event.data || {};
      var pending = waiting[answer.id];
      if (!pending) return;
      delete waiting[answer.id];
      if (answer.ok) pending.resolve(answer.result);
      else pending.reject(new Error(answer.error));
    };
    worker.onerror = function (event) {
      failAll(new Error(event.message || "the engine's worker failed"));
    };
    loading = call({ type: "start", base: RUNTIME, zip: ENGINE_ZIP }).then(
      function () { return engine; }
    );
    // Tried again on the next ask (the runtime may arrive later).
    loading.catch(function () {
      loading = null;
      if (worker) worker.terminate();
      worker = null;
    });
    return loading;
  }

  function text(value) {
    return typeof value === "string" ? value : JSON.stringify(value);
  }

  function score(sheet, firstDealer) {
    return load().then(function () {
      return call({ type: "score", sheet: text(sheet), dealer: firstDealer || 0 });
    }).then(JSON.parse);
  }

  function pending(sheet, hands, firstDealer, numbers) {
    return load().then(function () {
      return call({
        type: "pending", sheet: text(sheet), hands: JSON.stringify(hands), dealer: firstDealer || 0,
        numbers: numbers || "{}"
      });
    }).then(JSON.parse);
  }

  function callEngine(module, name, args) {
    return load().then(function () {
      return call({ type: "call", module: module, name: name, args: args });
    }).then(JSON.parse);
  }

  var engine = { score: score, pending: pending, call: callEngine, version: PYODIDE };
  Object.defineProperty(engine, "ready", { get: load, enumerable: true });
  window.ScorekeeperEngine = engine;
})();;
// js/pending.js
// Hands entered with no signal: kept on the phone (localStorage, per table, with the form's
// token) so that they survive a reload, a closed browser and a restarted phone; shown on top of
// the history as waiting, with their count under the table's heading; sent in order when the
// signal is back (the online event, and every page load). The token makes each one stored
// once however often it is sent. A hand the server refuses stays, with why, until it is sent
// again or discarded: nothing is dropped without the player saying so.
(function () {
  "use strict";

  var KEPT = "scorekeeper:pending:";
  // Tokens of hands this phone saw stored: a page kept from before (the service worker's copy)
  // may carry one, and a new hand sent with it would be answered as the old one.
  var USED = "scorekeeper:used-tokens:";
  var FIRST_RETRY = 2000;

  var sending = null; // the token of the kept hand on its way
  var chained = false; // the last kept hand sent was stored: the next writes on from it
  var retryTimer = null;
  var retryDelay = FIRST_RETRY;
  var formToken = null; // the token the hand form's own save carried

  function handForm() {
    return document.getElementById("hand-form");
  }

  function tokenInput(form) {
    return form && form.querySelector('input[name="hand_token"]');
  }

  function newHandForm() {
    var form = handForm();
    var token = tokenInput(form);
    return token && token.value ? form : null;
  }

  function words() {
    return document.getElementById("pending");
  }

  // Hands wait while there is no signal, and on the page of a table started offline until the
  // table is stored (offline-tables.js takes data-draft away then).
  function heldBack() {
    var holder = words();
    return navigator.onLine === false || !!(holder && holder.hasAttribute("data-draft"));
  }

  function read(prefix) {
    var holder = words();
    if (!holder) return [];
    try {
      return JSON.parse(localStorage.getItem(prefix + holder.dataset.table) || "[]");
    } catch (error) {
      return [];
    }
  }

  function write(prefix, list) {
    var holder = words();
    if (!holder) return false;
    try {
      if (list.length) localStorage.setItem(prefix + holder.dataset.table, JSON.stringify(list));
      else localStorage.removeItem(prefix + holder.dataset.table);
      return true;
    } catch (error) {
      return false; // storage full or turned off
    }
  }

  function find(list, token) {
    for (var i = 0; i < list.length; i++) if (list[i].token === token) return i;
    return -1;
  }

  function freshToken() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  }

  function markUsed(token) {
    var used = read(USED);
    if (used.indexOf(token) >= 0) return;
    used.push(token);
    write(USED, used.slice(-50));
  }

  function saveStatus(shown) {
    var status = document.getElementById("save-status");
    if (!status) return;
    status.textContent = shown ? status.dataset.offline : "";
    status.hidden = !shown;
  }

  function currentVersion() {
    var input = document.querySelector('#hand-form input[name="table_version"]');
    return input && input.value ? input.value : null;
  }

  // -- keeping a hand: the form's fields as it would have posted them, then an empty form with
  // a new token for the next hand.
  function keep(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && typeof value === "string") fields.push([name, value]);
    });
    var token = tokenInput(form).value;
    var list = read(KEPT);
    if (find(list, token) < 0) {
      list.push({ token: token, action: form.getAttribute("action"), fields: fields, at: Date.now(), state: "waiting" });
    }
    // Not kept (no storage): the hand stays in the form, as before, for the player to save.
    if (!write(KEPT, list)) return false;
    form.reset();
    tokenInput(form).value = freshToken();
    form.querySelectorAll(".side-pick").forEach(function (button, index) {
      button.setAttribute("aria-pressed", index === 0 ? "true" : "false");
    });
    saveStatus(true);
    render();
    return true;
  }

  // -- sending: a hidden copy of the form per kept hand, posted by htmx like the form itself,
  // so the answer is drawn as any save's (the hand in the history, or the 409 with what
  // changed and the hand ready to record as the next one).
  function flush() {
    clearTimeout(retryTimer);
    if (sending || heldBack() || !window.htmx) return;
    var next = read(KEPT)[0];
    if (!next || next.state !== "waiting") return;
    var version = chained || next.rebase ? currentVersion() : null;
    var copy = document.createElement("form");
    copy.hidden = true;
    copy.method = "post";
    copy.action = next.action;
    copy.dataset.pendingToken = next.token;
    next.fields.forEach(function (pair) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = pair[0];
      input.value = pair[0] === "table_version" && version !== null ? version : pair[1];
      copy.appendChild(input);
    });
    var csrf = document.querySelector('input[name="csrfmiddlewaretoken"]');
    if (csrf) copy.appendChild(csrf.cloneNode());
    document.body.appendChild(copy);
    sending = next.token;
    window.htmx.ajax("POST", next.action, { source: copy, target: "#table-main", swap: "outerHTML" });
  }

  function retryLater() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(flush, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 30000);
  }

  // What the server said to a kept hand, whichever form carried it (the hidden copy, or the
  // hand form when the player records it after a 409 or a correction).
  function answered(token, status) {
    var list = read(KEPT);
    var index = find(list, token);
    if (status >= 200 && status < 300) markUsed(token);
    if (index < 0) return;
    var hand = list[index];
    if (status >= 200 && status < 300) {
      list.splice(index, 1);
      // The player dealt with a refused one: the others follow on from the table as it is.
      if (hand.state !== "waiting") list.forEach(function (each) { each.rebase = true; });
      chained = true;
      retryDelay = FIRST_RETRY;
    } else if (status === 0 || status >= 500) {
      hand.state = "waiting";
      chained = false;
      retryLater();
    } else {
      hand.state = status === 409 ? "conflict" : status === 422 ? "invalid" : "refused";
      hand.status = status;
      chained = false;
    }
    write(KEPT, list);
    if (!list.length) saveStatus(false);
  }

  function discard(token) {
    var list = read(KEPT);
    var index = find(list, token);
    if (index < 0) return;
    list.splice(index, 1);
    list.forEach(function (each) { each.rebase = true; });
    write(KEPT, list);
  }

  // -- showing them: the count, and each kept hand on top of the history, the latest first.
  function count(holder, number) {
    var form = "other";
    try {
      form = new Intl.PluralRules(document.documentElement.lang || undefined).select(number);
    } catch (error) {
      // An old browser: the "other" form.
    }
    return (form === "one" ? holder.dataset.one : holder.dataset.other).replace("{number}", number);
  }

  function timeOf(moment) {
    try {
      return new Date(moment).toLocaleTimeString(document.documentElement.lang || undefined, { hour: "2-digit", minute: "2-digit" });
    } catch (error) {
      return new Date(moment).toLocaleTimeString();
    }
  }

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (text) made.textContent = text;
    return made;
  }

  function row(holder, hand) {
    var item = element("li", "history-pending");
    item.dataset.pending = hand.token;
    var line = element("p");
    line.appendChild(element("strong", "", holder.dataset.waiting));
    line.appendChild(document.createTextNode(" · " + timeOf(hand.at)));
    item.appendChild(line);
    if (hand.state !== "waiting") {
      var reason = { conflict: holder.dataset.conflict, invalid: holder.dataset.invalid }[hand.state] ||
        holder.dataset.refused.replace("{status}", hand.status);
      item.appendChild(element("p", "pending-reason", reason));
      var actions = element("p", "inline-form");
      var resend = element("button", "button button-small", holder.dataset.resend);
      resend.type = "button";
      resend.dataset.pendingResend = hand.token;
      var drop = element("button", "button button-small button-danger", holder.dataset.discard);
      drop.type = "button";
      drop.dataset.pendingDiscard = hand.token;
      actions.appendChild(resend);
      actions.appendChild(document.createTextNode(" "));
      actions.appendChild(drop);
      item.appendChild(actions);
    }
    return item;
  }

  // "Record hand 4" after three hands stored and two waiting is "Record hand 6".
  function heading(waiting) {
    var title = document.getElementById("record-heading");
    var number = title && parseInt(title.dataset.number || "", 10);
    if (!number || !title.dataset.words) return;
    title.textContent = title.dataset.words.replace("{number}", number + waiting);
  }

  function render() {
    draw();
    rendered();
  }

  function draw() {
    var holder = words();
    if (!holder) return;
    var list = read(KEPT);
    holder.hidden = !list.length;
    document.getElementById("pending-count").textContent = list.length ? count(holder, list.length) : "";
    heading(list.length);
    document.querySelectorAll(".history-pending").forEach(function (old) { old.remove(); });
    var history = document.getElementById("history");
    if (!history || !list.length) return;
    var rows = document.getElementById("history-list");
    if (!rows) {
      rows = element("ol", "history");
      rows.id = "history-list";
      history.querySelector("h2").after(rows);
    }
    var first = rows.firstChild;
    list.forEach(function (hand) { rows.insertBefore(row(holder, hand), first); first = rows.firstChild; });
  }

  // Drawn: static/js/pending-scores.js adds their points and the totals with them.
  function rendered() {
    var holder = words();
    if (holder) document.dispatchEvent(new CustomEvent("pending-rendered", { detail: { hands: read(KEPT) } }));
  }

  // -- wiring
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = newHandForm();
    if (!form || event.detail.elt !== form) return;
    if (heldBack()) {
      event.preventDefault();
      keep(form);
      return;
    }
    formToken = tokenInput(form).value;
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    // The element that asked: htmx names the target instead when the answer swapped it away.
    var config = event.detail.requestConfig;
    var source = (config && config.elt) || event.detail.elt;
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (source && source.dataset && source.dataset.pendingToken) {
      sending = null;
      source.remove();
      answered(source.dataset.pendingToken, status);
    } else if (formToken && source && source.id === "hand-form") {
      var token = formToken;
      formToken = null;
      if (!token) return;
      if (status === 0 || status >= 500) {
        // No answer: kept like a hand entered offline, and sent when the connection is back.
        var form = newHandForm();
        if (form && tokenInput(form).value === token && keep(form)) retryLater();
        return;
      }
      answered(token, status);
    } else {
      return;
    }
    // After the answer has been drawn (the new version in the forms): the next one.
    setTimeout(function () {
      render();
      flush();
    }, 50);
  });

  // A kept hand's answer leaves the hand being entered as it is (htmx swaps in the new guard),
  // and the focus where it is.
  document.addEventListener("hand-recorded", function (event) {
    if (event.target && event.target.dataset && event.target.dataset.pendingToken && event.detail) {
      event.detail.reset = false;
      event.detail.background = true;
    }
  }, true);

  document.addEventListener("htmx:afterSettle", render);

  document.addEventListener("click", function (event) {
    var resend = event.target.closest("[data-pending-resend]");
    var drop = event.target.closest("[data-pending-discard]");
    if (resend) {
      var list = read(KEPT);
      var index = find(list, resend.dataset.pendingResend);
      if (index >= 0) {
        list[index].state = "waiting";
        list[index].rebase = true;
        write(KEPT, list);
      }
    } else if (drop) {
      discard(drop.dataset.pendingDiscard);
    } else if (event.target.closest("[data-discard-draft]")) {
      // The 409's "Discard" for a kept hand: the player chose to drop it.
      var form = handForm();
      if (form && tokenInput(form)) discard(tokenInput(form).value);
      return;
    } else {
      return;
    }
    render();
    flush();
  });

  // Tables started on this phone with no signal wait to be sent by offline-tables.js, which a
  // table's page loads only while there are any (not in the bundle: the first load stays light).
  function sendTablesStartedHere() {
    var holder = words();
    if (!holder || !holder.dataset.draftsScript || document.querySelector("script[data-drafts]")) return;
    if (document.querySelector('script[src*="offline-tables"]')) return; // the page's own
    try {
      if (!localStorage.getItem("scorekeeper:drafts") && !localStorage.getItem("scorekeeper:drafts-hands")) return;
    } catch (error) {
      return;
    }
    var script = document.createElement("script");
    script.src = holder.dataset.draftsScript;
    script.dataset.drafts = "";
    document.head.appendChild(script);
  }

  window.addEventListener("online", function () {
    retryDelay = FIRST_RETRY;
    flush();
    sendTablesStartedHere();
  });

  document.addEventListener("DOMContentLoaded", function () {
    var form = newHandForm();
    if (form) {
      // A page kept from before may carry a token already stored or kept: a new one.
      var token = tokenInput(form).value;
      if (read(USED).indexOf(token) >= 0 || find(read(KEPT), token) >= 0) tokenInput(form).value = freshToken();
    }
    render();
    if (read(KEPT).length) saveStatus(true);
    flush();
    sendTablesStartedHere();
  });
})();;
// js/pending-scores.js
// Hands kept on the phone with no signal (static/js/pending.js), scored on the phone by the
// server's own rules (static/js/offline-engine.js): each waiting row shows its points, and the
// totals at the top include them, marked as not yet stored; the hand being entered gets its
// points as a preview when the server's cannot come. The table's scoresheet (its stored
// hands) is kept on the phone for that: fetched in the background whenever the table changes
// with a signal, once the service worker is there (never on the first load, nor on save-data).
(function () {
  "use strict";

  var SHEET = "scorekeeper:sheet:";
  var fetching = null; // the version being fetched

  function holder() {
    return document.getElementById("pending");
  }

  function version() {
    var input = document.querySelector('#hand-form input[name="table_version"]');
    return input && input.value ? input.value : null;
  }

  function readSheet(table) {
    try {
      return JSON.parse(localStorage.getItem(SHEET + table) || "null");
    } catch (error) {
      return null;
    }
  }

  // The seat that dealt the table's first hand, which the deal follows from (who sits out at a
  // Schafkopf table of five): the scoresheet does not say it. A table started on this phone
  // keeps its own with its sheet (offline-tables.js); its page is the blank one's.
  function firstDealer(words, kept) {
    if (kept && typeof kept.firstDealer === "number") return kept.firstDealer;
    var seat = parseInt(words.dataset.firstDealer, 10);
    return isNaN(seat) ? 0 : seat;
  }

  // How the page's language writes numbers (the server's formatting, games/scoring/numbers.py).
  function numbers(words) {
    return words.dataset.numbers || "{}";
  }

  function savesData() {
    return !!(navigator.connection && navigator.connection.saveData);
  }

  // -- the table's scoresheet, as of the version the page shows
  function keepSheet() {
    var words = holder();
    var now = version();
    if (!words || !words.dataset.scoresheet || now === null) return;
    if (navigator.onLine === false || savesData() || !("serviceWorker" in navigator)) return;
    var kept = readSheet(words.dataset.table);
    if ((kept && kept.version === now) || fetching === now) return;
    fetching = now;
    navigator.serviceWorker.ready
      .then(function () {
        // Marked, so the answer sets no cookie (KeptCopyMiddleware), as the worker's fetches.
        return fetch(words.dataset.scoresheet, { credentials: "same-origin", headers: { "X-Kept-Copy": "1" } });
      })
      .then(function (answer) {
        if (!answer.ok) throw new Error(String(answer.status));
        return answer.json();
      })
      .then(function (sheet) {
        localStorage.setItem(SHEET + words.dataset.table, JSON.stringify({ version: now, sheet: sheet }));
      })
      .catch(function () {
        // No signal, or no room: tried again when the table next changes.
      })
      .then(function () {
        fetching = null;
      });
  }

  // -- the totals and each waiting row's points
  function element(tag, className, text) {
    var made = document.createElement(tag);
    made.className = className;
    made.textContent = text;
    return made;
  }

  function note(words, included) {
    var line = words.querySelector(".pending-note");
    if (line) line.textContent = included ? words.dataset.included : words.dataset.leftOut;
  }

  function storedTotals() {
    document.querySelectorAll("#scoreboard [data-total]").forEach(function (total) {
      if (!("stored" in total.dataset)) return;
      total.textContent = total.dataset.stored;
      delete total.dataset.stored;
      total.classList.remove("total-pending");
      total.removeAttribute("title");
    });
    var current = document.querySelector("#scoreboard template[data-current]");
    if (current) showDealer(current.dataset.dealer);
    var board = document.getElementById("scoreboard");
    if (board) board.classList.remove("totals-with-kept");
  }

  // -- who deals next, in the server's own words for that seat (the scoreboard's templates,
  // games/hands/base.py dealer_lines): the facts that name the dealer, and each side's note
  function showDealer(seat) {
    var board = document.getElementById("scoreboard");
    if (!board || seat === null || seat === undefined) return;
    var lines = board.querySelector('template[data-dealer="' + seat + '"]');
    if (!lines) return;
    var facts = lines.content.querySelectorAll("[data-dealer-fact]");
    board.querySelectorAll(".table-facts [data-dealer-fact]").forEach(function (fact, index) {
      if (facts[index]) fact.replaceWith(facts[index].cloneNode(true));
    });
    var notes = {};
    lines.content.querySelectorAll("[data-note]").forEach(function (note) {
      notes[note.dataset.note] = note;
    });
    board.querySelectorAll("[data-total]").forEach(function (total) {
      var note = notes[total.dataset.total];
      if (!note) return;
      total.parentNode.querySelectorAll(".total-to-go").forEach(function (old) { old.remove(); });
      if (!note.textContent) return;
      var shown = note.cloneNode(true);
      shown.removeAttribute("data-note");
      total.after(shown);
    });
  }

  // A kept hand's points as its row in the history will show them once stored (phone.py's
  // pending_text: a Schafkopf hand's "+1.50 €", a Briscola deal's card points).
  function pointsText(result, index) {
    var written = result.pending_text[index];
    return Object.keys(written).map(function (side) {
      return side + " " + written[side];
    }).join(" \u00b7 ");
  }

  function show(words, hands, result) {
    var scored = 0;
    hands.forEach(function (hand, index) {
      var row = document.querySelector('.history-pending[data-pending="' + hand.token + '"]');
      var outcome = result.pending[index] || {};
      if (!row) return;
      row.querySelectorAll(".pending-points").forEach(function (old) { old.remove(); });
      var text;
      if (outcome.points) {
        scored += 1;
        text = pointsText(result, index);
      } else {
        text = words.dataset.unscored;
      }
      row.insertBefore(element("p", "pending-points", text), row.children[1] || null);
    });
    if (!scored) {
      storedTotals();
      note(words, false);
      return;
    }
    document.querySelectorAll("#scoreboard [data-total]").forEach(function (total) {
      var side = total.dataset.total;
      if (!(side in result.totals_text)) return;
      if (!("stored" in total.dataset)) total.dataset.stored = total.textContent;
      total.textContent = result.totals_text[side];
      total.classList.add("total-pending");
      total.title = words.dataset.included;
    });
    if (typeof result.next_dealer === "number") showDealer(result.next_dealer);
    // The notes under the totals ("11 to go", a balance's points) speak of the stored hands
    // only: hidden while the totals count the kept ones (static/css/app.css).
    var board = document.getElementById("scoreboard");
    if (board) board.classList.add("totals-with-kept");
    note(words, true);
  }

  // -- the hand being entered, previewed on the phone when the server's preview cannot come
  function fieldsOf(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && typeof value === "string") fields.push([name, value]);
    });
    return fields;
  }

  document.addEventListener("htmx:sendError", function (event) {
    var preview = event.detail.elt;
    var words = holder();
    var form = document.getElementById("hand-form");
    if (!preview || preview.id !== "preview" || !words || !form || !window.ScorekeeperEngine) return;
    var kept = readSheet(words.dataset.table);
    if (!kept) return;
    var hands = lastHands.map(function (hand) { return hand.fields; });
    hands.push(fieldsOf(form));
    window.ScorekeeperEngine.pending(kept.sheet, hands, firstDealer(words, kept), numbers(words)).then(function (result) {
      var outcome = result.pending[hands.length - 1] || {};
      if (!outcome.points) return;
      var text = pointsText(result, hands.length - 1);
      preview.replaceChildren(element("p", "pending-points", words.dataset.preview.replace("{points}", text)));
    }, function () {
      // No runtime on this phone yet: no preview, as before.
    });
  });

  var lastHands = [];

  document.addEventListener("pending-rendered", function (event) {
    var words = holder();
    var hands = event.detail.hands;
    lastHands = hands;
    if (!words) return;
    if (!hands.length) {
      storedTotals();
      note(words, false);
      return;
    }
    var kept = readSheet(words.dataset.table);
    var engine = window.ScorekeeperEngine;
    if (!kept || !engine) return;
    var fields = hands.map(function (hand) { return hand.fields; });
    engine.pending(kept.sheet, fields, firstDealer(words, kept), numbers(words)).then(
      function (result) { show(words, hands, result); },
      function () {
        // No runtime on this phone yet: the hands wait unscored, as before.
      }
    );
  });

  // The phone is one person's: signing out or in forgets the scoresheets kept, as the pages
  // (static/js/pwa.js).
  document.addEventListener("submit", function (event) {
    if (!event.target.closest("[data-forget-pages]")) return;
    try {
      Object.keys(localStorage).forEach(function (key) {
        if (key.indexOf(SHEET) === 0) localStorage.removeItem(key);
      });
    } catch (error) {
      // No storage: nothing kept.
    }
  });

  document.addEventListener("DOMContentLoaded", keepSheet);
  document.addEventListener("htmx:afterSettle", keepSheet);
  window.addEventListener("online", keepSheet);
})();;
// js/wake-lock.js
// The phone lying in the middle of the table must not go dark between hands: while the page
// shows a game in progress (an element with data-wake-lock), ask for the screen to stay on.
// The browser drops the lock whenever the page is hidden, so it is asked for again when the
// page is shown. Where the API is missing, or the request is refused (battery saver, a browser
// that wants a tap first), nothing happens: the screen just dims as usual.
(function () {
  "use strict";

  if (!("wakeLock" in navigator)) return;

  var lock = null;
  var asking = false;

  function wanted() {
    return (
      document.visibilityState === "visible" && document.querySelector("[data-wake-lock]") !== null
    );
  }

  function release() {
    var held = lock;
    lock = null;
    if (held) held.release().catch(function () {});
  }

  function update() {
    if (!wanted()) {
      release();
      return;
    }
    if (lock || asking) return;
    asking = true;
    navigator.wakeLock.request("screen").then(
      function (sentinel) {
        asking = false;
        lock = sentinel;
        sentinel.addEventListener("release", function () {
          if (lock === sentinel) lock = null;
        });
        // The game may have ended, or the page been hidden, while the request was pending.
        if (!wanted()) release();
      },
      function () {
        asking = false;
      }
    );
  }

  document.addEventListener("DOMContentLoaded", update);
  document.addEventListener("visibilitychange", update);
  // A swap can end the game (the attribute goes) or bring a table page in.
  document.addEventListener("htmx:afterSettle", update);
  // Some browsers grant the lock only after a tap on the page: try again then.
  document.addEventListener("click", update);
  window.addEventListener("pageshow", update);
  window.addEventListener("pagehide", release);
})();;
// js/share.js
// A Share button beside a link to pass on (templates/games/share_link.html): the phone's own
// share sheet where the browser has one, else the link is copied to the clipboard, else it is
// selected in its box for the phone's own Copy. The button is hidden without JavaScript
// (.js-only); the box with the link is there either way.
(function () {
  "use strict";

  function say(status, key) {
    if (!status) return;
    // Emptied first, so that the same words said twice are announced twice.
    status.textContent = "";
    window.setTimeout(function () {
      status.textContent = status.dataset[key] || "";
    }, 50);
  }

  function select(input, status) {
    input.focus();
    input.select();
    var copied = false;
    try {
      // The older way, for browsers without navigator.clipboard (or not over HTTPS).
      copied = document.execCommand("copy");
    } catch (error) {
      copied = false;
    }
    say(status, copied ? "copied" : "selected");
  }

  function copy(input, status) {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(input.value).then(
        function () {
          say(status, "copied");
        },
        function () {
          select(input, status);
        }
      );
    } else {
      select(input, status);
    }
  }

  function share(button) {
    var input = document.getElementById(button.dataset.share);
    if (!input) return;
    var status = button.closest(".share-link");
    status = status && status.querySelector(".share-status");
    var data = { url: input.value, title: button.dataset.shareTitle || document.title };
    if (navigator.share && (!navigator.canShare || navigator.canShare(data))) {
      navigator.share(data).catch(function (error) {
        // Closing the share sheet is no failure; anything else falls back to copying.
        if (!error || error.name !== "AbortError") copy(input, status);
      });
    } else {
      copy(input, status);
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-share]");
    if (button) share(button);
  });
})();;
// js/theme.js
// The theme switch (Auto / Light / Dark, templates/games/theme_switch.html): remembered on
// this phone in localStorage, where js-class.js reads it before the next page is drawn.
// "Auto" forgets the choice, and the stylesheet follows the phone again.
(function () {
  "use strict";

  var KEY = "theme";
  var root = document.documentElement;

  function stored() {
    try {
      return window.localStorage.getItem(KEY) || "auto";
    } catch (error) {
      return "auto";
    }
  }

  function choose(theme) {
    try {
      if (theme === "auto") window.localStorage.removeItem(KEY);
      else window.localStorage.setItem(KEY, theme);
    } catch (error) {
      // Not remembered, but this page still changes.
    }
    if (theme === "auto") root.removeAttribute("data-theme");
    else root.setAttribute("data-theme", theme);
    paintBars();
  }

  // The phone's status bar takes the header's colour: each theme-color meta (base.html) is for
  // its scheme; a chosen theme makes its own the only one that applies.
  function paintBars() {
    var chosen = root.getAttribute("data-theme");
    document.querySelectorAll('meta[name="theme-color"][data-scheme]').forEach(function (meta) {
      var scheme = meta.getAttribute("data-scheme");
      if (!chosen) meta.media = "(prefers-color-scheme: " + scheme + ")";
      else meta.media = scheme === chosen ? "all" : "not all";
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    paintBars();
    var current = stored();
    document.querySelectorAll("input[data-theme-choice]").forEach(function (input) {
      input.checked = input.value === current;
      input.addEventListener("change", function () {
        if (input.checked) choose(input.value);
      });
    });
  });
})();;
// js/pwa.js
// Installable app and offline pages: the service worker (/sw.js, scorekeeper/pwa.py) keeps
// this deploy's static files and a copy of each page opened, so pages open with no signal.
// Registered after the page has loaded, so its downloads never compete with the page's own,
// and not at all on a connection the phone marks as save-data.
(function () {
  "use strict";

  function savesData() {
    return !!(navigator.connection && navigator.connection.saveData);
  }

  // -- "Offline: as of 14:32": a kept copy says when it was kept (the worker marks it), a page
  // that loses the signal says when it last heard from the server.
  var freshAt = Date.now();

  function asOf(moment) {
    var when = new Date(moment);
    var language = document.documentElement.lang || undefined;
    var today = when.toDateString() === new Date().toDateString();
    var options = today
      ? { hour: "2-digit", minute: "2-digit" }
      : { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };
    try {
      return when.toLocaleString(language, options);
    } catch (error) {
      return when.toLocaleString();
    }
  }

  function showOffline(moment) {
    var note = document.getElementById("offline-note");
    if (!note) return;
    note.textContent = note.dataset.asOf.replace("{time}", asOf(moment));
    note.hidden = false;
  }

  document.addEventListener("DOMContentLoaded", function () {
    var kept = parseInt(document.documentElement.dataset.offlineSince || "", 10);
    if (kept) {
      freshAt = kept;
      showOffline(kept);
    } else if (navigator.onLine === false) {
      showOffline(freshAt);
    }
  });
  window.addEventListener("offline", function () { showOffline(freshAt); });
  window.addEventListener("online", function () {
    var note = document.getElementById("offline-note");
    if (note) note.hidden = true;
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.xhr && event.detail.xhr.status) freshAt = Date.now();
  });

  if (!("serviceWorker" in navigator)) return; // an old browser, or plain http off localhost

  function tell(message) {
    var worker = navigator.serviceWorker.controller;
    if (worker) worker.postMessage(message);
  }

  var VIEWER = "scorekeeper:viewer";

  // Whether the pages kept so far were kept for someone else than this page is for: a visitor
  // who became a guest by starting a table (signing in or out forgets them, below). Known from
  // the last page the server sent (a kept copy says nothing new).
  function viewerChanged() {
    if (document.documentElement.dataset.offlineSince) return false;
    var viewer = document.documentElement.dataset.viewer || "";
    try {
      var before = localStorage.getItem(VIEWER);
      localStorage.setItem(VIEWER, viewer);
      return before !== null && before !== viewer;
    } catch (error) {
      return false; // no storage: the kept pages follow as they are opened
    }
  }

  window.addEventListener("load", function () {
    if (savesData()) return;
    var again = viewerChanged();
    navigator.serviceWorker
      .register("/sw.js", { scope: "/" })
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function (registration) {
        // What offline use needs and this phone never opened (the rules, the referees), and
        // this page if the worker did not see it come (the first visit); all of them again
        // when they were kept for someone else.
        if (!registration.active) return;
        registration.active.postMessage({
          type: "warm",
          page: navigator.serviceWorker.controller ? null : location.href,
          again: again,
        });
      })
      .catch(function () {
        // Without it the site works as before, from the network.
      });
  });

  // A table's kept copy follows its hands: fetched again a moment after this phone recorded
  // one, or the poll brought another phone's (a few in a row make one fetch).
  var refreshTimer = null;
  function refreshLater() {
    if (savesData()) return;
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(function () {
      tell({ type: "refresh", url: location.href });
    }, 3000);
  }
  document.addEventListener("hand-recorded", refreshLater);
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (event.detail.elt.id === "live" && xhr && xhr.status === 200) refreshLater();
  });

  // The phone is one person's: signing out or in forgets the pages kept for whoever used it.
  document.addEventListener("submit", function (event) {
    if (!event.target.closest("[data-forget-pages]") || !window.caches) return;
    tell({ type: "forget-pages" });
    caches.keys().then(function (names) {
      names.forEach(function (name) {
        if (name.indexOf("pages-") === 0) caches.delete(name);
      });
    });
  });
})();;
