// The judge's live panel (serve EVENT.xlsx): the open round's tables, drawn by the server in
// the page's language (GET /api/live/panel), refreshed every two seconds, and its buttons sent
// to /api/live/approve|reject|correct. Without an event served (/healthz "live") the panel
// stays hidden and nothing is asked; nor is it while the access code is needed and not typed.
// Every word comes from the server: this script has none of its own.
import { byId, state } from "./page.js";

const REFRESH_MS = 2000;
let shownLang = "";
let shownHtml = "";

function headers(json = false) {
  const sent = { "Accept-Language": state.lang };
  const token = byId("token").value.trim();
  if (token) sent["X-Token"] = token;
  if (json) sent["Content-Type"] = "application/json";
  return sent;
}

// The judge is typing or has a correction open: the panel is not redrawn under their hands.
function busy(body) {
  const active = document.activeElement;
  return body.querySelector("details[open]") !== null || (active && body.contains(active) && active.tagName === "INPUT");
}

let needsToken = false;

async function refresh(force = false) {
  const body = byId("live-body");
  if (needsToken && !byId("token").value.trim()) return;
  if (!force && shownLang === state.lang && busy(body)) return;
  try {
    const answer = await fetch(`/api/live/panel?lang=${state.lang}`, { headers: headers(), cache: "no-store" });
    if (!answer.ok) return;
    const html = await answer.text();
    if (html === shownHtml && shownLang === state.lang) return; // nothing new: focus stays
    const active = document.activeElement;
    const focused = active && body.contains(active) ? where(active) : null;
    body.innerHTML = html; // our server's HTML, its words escaped there
    shownHtml = html;
    shownLang = state.lang;
    if (focused) body.querySelector(focused)?.focus(); // a keyboard user keeps their place
    const token = byId("token").value.trim();
    for (const link of body.querySelectorAll("a[data-with-token]")) {
      if (token) link.href += `&token=${encodeURIComponent(token)}`;
    }
    byId("live").hidden = false;
  } catch {
    // the server is restarting: the next refresh tries again
  }
}

// How to find an element of the panel again once it is redrawn.
function where(element) {
  if (element.id) return `#${CSS.escape(element.id)}`;
  const { action, table } = element.dataset;
  return action ? `[data-action="${action}"][data-table="${CSS.escape(table)}"]` : null;
}

async function send(path, data) {
  const status = byId("live-status");
  const answer = await fetch(path, { method: "POST", headers: headers(true), body: JSON.stringify(data) });
  const body = await answer.json().catch(() => ({}));
  status.textContent = body.message || (body.findings || []).map((finding) => finding.message).join(" ");
  await refresh(true);
}

function rows(form) {
  return [...form.querySelectorAll("fieldset[data-player]")].map((seat) => {
    const row = { Player: seat.dataset.player };
    for (const input of seat.querySelectorAll("input[data-header]")) {
      if (input.dataset.kind === "bool") row[input.dataset.header] = input.checked;
      else {
        const typed = input.value.trim();
        row[input.dataset.header] = /^[0-9]+$/.test(typed) ? Number(typed) : typed || null;
      }
    }
    return row;
  });
}

function wire() {
  const body = byId("live-body");
  body.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button) return;
    const table = button.dataset.table;
    if (button.dataset.action === "approve") send("/api/live/approve", { table });
    if (button.dataset.action === "reject") {
      send("/api/live/reject", { table, message: byId(button.dataset.word).value.trim() });
    }
  });
  body.addEventListener("submit", (event) => {
    const form = event.target.closest("form.live-correct");
    if (!form) return;
    event.preventDefault();
    form.closest("details").open = false;
    send("/api/live/correct", { table: form.dataset.table, results: rows(form) });
  });
  byId("language").addEventListener("change", () => refresh(true));
}

async function start() {
  try {
    const info = await (await fetch("/healthz")).json();
    if (!info.live) return;
    needsToken = Boolean(info.token_required);
  } catch {
    return; // no server to ask: the page says so itself
  }
  wire();
  refresh(true);
  setInterval(refresh, REFRESH_MS);
}

start();
