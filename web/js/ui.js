// Small DOM helpers: build elements, show messages.

/** Creates an element: h("button", {class: "x", onclick: f}, "text", child, ...). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      el.className = value;
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, value);
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Creates an SVG element. */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value);
  }
  append(el, children);
  return el;
}

let route = 0;
/** Starts a new route (the router calls this before each page). */
export function beginRoute() { return ++route; }
/** The route a page belongs to: capture it first thing, before any await. */
export function currentRoute() { return route; }
/** True once the user has moved on: a slow page must not draw over the next one. */
export function stale(r) { return r !== route; }

/** Replaces the content of the page. */
export function mount(...children) {
  const app = document.getElementById("app");
  app.replaceChildren(...children.flat());
  return app;
}

let toastTimer = null;
/** Shows a short message at the bottom of the page. */
export function toast(message, kind = "info") {
  const el = document.getElementById("toast");
  el.textContent = message;
  el.className = `show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.className = ""; }, kind === "error" ? 6000 : 3000);
}

/** "3 minutes ago" from Unix seconds. */
export function ago(seconds) {
  const d = Math.max(0, Date.now() / 1000 - seconds);
  if (d < 60) return "just now";
  if (d < 3600) return `${Math.floor(d / 60)} min ago`;
  if (d < 86400) return `${Math.floor(d / 3600)} h ago`;
  return `${Math.floor(d / 86400)} d ago`;
}

/** "Union" from "union". */
export function title(side) {
  return side ? side[0].toUpperCase() + side.slice(1) : "";
}
