// The organiser's page: choose or drop a workbook, see its problems beside their cells,
// or its standings and games, download it scored; download a blank template;
// seat the next round and download the one workbook to keep, scored and seated (seat.js).
// It talks only to this server's API (/api/check, /api/score, /api/seat, /api/template,
// /healthz).
import { byId, el, LANGUAGES, megabytes, state, text } from "./page.js";
import {
  downloadBlock,
  finalBlock,
  findingsBlock,
  gamesBlock,
  notesBlock,
  showHighlightedCells,
  standingsBlock,
  unusableBlock,
} from "./render.js";
import { refusedBlock, seatBlock, seatingBlock, workbookBlob } from "./seat.js";

const LANGUAGE_KEY = "xlsx-scorer-language";
const GAMES = { catan: "Catan", carcassonne: "Carcassonne" };
const TOKEN_KEY = "xlsx-scorer-token";

// ---------------------------------------------------------------------------
// Words

function stored(storage, key) {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function store(storage, key, value) {
  try {
    storage.setItem(key, value);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

function pickLanguage() {
  const asked = new URLSearchParams(window.location.search).get("lang");
  if (LANGUAGES.includes(asked)) return asked;
  const saved = stored(window.localStorage, LANGUAGE_KEY);
  if (LANGUAGES.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

// ---------------------------------------------------------------------------
// Building the page

function applyLanguage() {
  document.documentElement.lang = state.lang;
  byId("language").value = state.lang;
  for (const node of document.querySelectorAll("[data-i18n]")) {
    node.textContent = text(node.dataset.i18n, { mb: megabytes() });
  }
  byId("footer").textContent = text("footer", { version: state.info.version });
  fillFormats();
  updateTemplateLink();
  showTitle();
}

// The page's title names the game: the checked workbook's, else the chosen format's, else
// both games the scorer knows.
function showTitle() {
  const chosen = (state.info.formats || []).find((entry) => entry.name === chosenFormat());
  const game = GAMES[state.body?.game ?? chosen?.game] ?? text("gameAny");
  document.title = text("documentTitle", { game });
  byId("app-title").textContent = text("appTitle", { game });
}

function setStatus(words, kind = "") {
  const status = byId("status");
  status.textContent = words;
  status.className = `status ${kind}`.trim();
  document.body.dataset.busy = kind === "busy" ? "true" : "false";
}

// ---------------------------------------------------------------------------
// Talking to the server

function token() {
  return byId("token").value.trim();
}

// Every request says the page's language (the server answers its errors in it and names
// downloads with its words) and carries the access code in a header, never in an address.
function headers() {
  const sent = { "Accept-Language": state.lang };
  if (token()) sent["X-Token"] = token();
  return sent;
}

function post(path, file, withLanguage, fields = {}) {
  const form = new FormData();
  form.append("file", file, file.name);
  if (withLanguage) form.append("lang", state.lang);
  if (chosenFormat()) form.append("format", chosenFormat());
  const own = byId("format-file").files?.[0];
  if (own) form.append("format_file", own, own.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return fetch(path, { method: "POST", body: form, headers: headers() });
}

// The format chosen on the page ("" is the workbook's own).
function chosenFormat() {
  return byId("format").value;
}

// The shipped formats as the choice's options, each with its one line in the page's language.
function fillFormats() {
  const select = byId("format");
  const chosen = select.value;
  const own = el("option", { value: "", text: text("formatOwn") });
  const options = (state.info.formats || []).map((entry) =>
    el("option", {
      value: entry.name,
      text: `${entry.name} — ${entry.description[state.lang] ?? entry.description.en}`,
    }),
  );
  select.replaceChildren(own, ...options);
  select.value = chosen;
}

// Save an answer's workbook under the name the server gives it.
async function save(response, fallback) {
  const blob = await response.blob();
  const name = attachmentName(response.headers.get("Content-Disposition")) || fallback;
  saveBlob(blob, name);
}

function saveBlob(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = el("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60000);
  setStatus(text("downloaded", { file: name }));
}

async function json(response) {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function showFailure(status, body) {
  if (status === 413) {
    setStatus(text("errorTooLarge", { mb: megabytes() }), "error");
  } else if (status === 401) {
    byId("token-box").hidden = false;
    setStatus(text("errorToken"), "error");
    byId("token").focus();
  } else if (status >= 500) {
    setStatus(text("errorServer", { message: body?.message ?? status }), "error");
  } else {
    setStatus(text("errorRequest", { message: body?.message ?? status }), "error");
  }
}

// The results shown belong to one file: another file, or a failure, takes them away
// (with their Download button) so that nothing on screen speaks for the wrong file.
function clearResults() {
  state.body = null;
  const section = byId("results");
  section.hidden = true;
  section.removeAttribute("data-state");
  byId("results-body").replaceChildren();
  showTitle();
}

async function check(file, { focus = true } = {}) {
  if (file !== state.file) clearResults();
  state.file = file;
  const sequence = ++state.sequence;
  if (file.size > state.info.max_upload_bytes) {
    clearResults();
    showFailure(413, null);
    return;
  }
  setStatus(text("checking", { file: file.name }), "busy");
  let response;
  try {
    response = await post("/api/check", file, true);
  } catch {
    if (sequence === state.sequence) {
      clearResults();
      setStatus(text("errorNetwork"), "error");
    }
    return;
  }
  const body = await json(response);
  if (sequence !== state.sequence) return;
  if ((response.status === 200 || response.status === 422) && body?.summary) {
    showRun(body, focus, file);
  } else {
    clearResults();
    showFailure(response.status, body);
  }
}

async function download(file) {
  const sequence = ++state.sequence;
  setStatus(text("scoring", { file: file.name }), "busy");
  let response;
  try {
    response = await post("/api/score", file, false);
  } catch {
    if (sequence === state.sequence) setStatus(text("errorNetwork"), "error");
    return;
  }
  if (response.ok) {
    await save(response, file.name);
    return;
  }
  const body = await json(response);
  if (response.status === 422 && body?.summary) showRun(body, true, file);
  else showFailure(response.status, body);
}

// Seat a round of the checked workbook: the seated workbook is saved, the seating shown.
// The report comes in the page's language; the workbook keeps its own (as when scored).
async function seatRound(file, choice) {
  const sequence = ++state.sequence;
  const target = byId("seating");
  target.replaceChildren();
  setStatus(text("seating", { round: choice.round, file: file.name }), "busy");
  const fields = { round: choice.round, method: choice.method };
  if (choice.seed !== "") fields.seed = choice.seed;
  let response;
  try {
    response = await post("/api/seat", file, false, fields);
  } catch {
    if (sequence === state.sequence) setStatus(text("errorNetwork"), "error");
    return;
  }
  const body = await json(response);
  if (sequence !== state.sequence) return;
  if (response.ok && body?.workbook) {
    saveBlob(workbookBlob(body), body.download_name);
    target.replaceChildren(seatingBlock(body));
  } else if (response.status === 422 && body?.message) {
    target.replaceChildren(refusedBlock(choice.round, body.message));
    setStatus(text("seatRefused", { round: choice.round, message: body.message }), "error");
  } else {
    showFailure(response.status, body);
  }
}

function attachmentName(header) {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // fall back to the plain name
    }
  }
  const plain = /filename="([^"]*)"/i.exec(header);
  return plain ? plain[1] : null;
}

// ---------------------------------------------------------------------------
// One run's answer

function showRun(body, focus, file) {
  state.body = body;
  const summary = body.summary;
  const target = byId("results-body");
  const parts = [];
  let announcement;
  let kind;
  if (summary.exit_code === 2) {
    kind = "unusable";
    parts.push(unusableBlock(body.findings));
    announcement = text("announceUnusable", { file: body.file });
  } else if (summary.errors > 0) {
    kind = "findings";
    const counts = { count: summary.errors, games: summary.games, players: summary.players };
    parts.push(el("p", { class: "summary problems", text: text("summaryProblems", counts) }));
    parts.push(notesBlock(body.findings));
    parts.push(findingsBlock(body.findings.filter((finding) => finding.severity === "error")));
    announcement = text("announceProblems", { file: body.file, count: summary.errors });
  } else {
    kind = "standings";
    const counts = { count: summary.games, games: summary.games, players: summary.players };
    parts.push(el("p", { class: "summary ok", text: text("summaryOk", counts) }));
    parts.push(notesBlock(body.findings));
    parts.push(downloadBlock(body.download_name, () => download(file)));
    if (body.seat) parts.push(seatBlock(body.seat, (choice) => seatRound(file, choice)));
    if (body.final_ranking) parts.push(finalBlock(body.final_ranking));
    if (body.standings) parts.push(standingsBlock(body.standings));
    if (body.games && body.standings) {
      const { keys, headers } = body.standings;
      parts.push(gamesBlock(body.games, body.game, keys[0], headers[0]));
    }
    announcement = text("announceOk", { file: body.file });
  }
  byId("results-heading").textContent = text("resultsHeading", { file: body.file });
  showTitle();
  target.replaceChildren(...parts.filter(Boolean));
  const section = byId("results");
  section.hidden = false;
  section.dataset.state = kind;
  setStatus(announcement, kind === "standings" ? "ok" : "");
  window.requestAnimationFrame(showHighlightedCells);
  if (focus) byId("results-heading").focus();
}

// ---------------------------------------------------------------------------
// The blank template

function templateLimits() {
  const players = Number(byId("players").value);
  const rounds = Number(byId("rounds").value);
  const limits = state.info.template;
  const valid =
    Number.isInteger(players) &&
    Number.isInteger(rounds) &&
    players >= 1 &&
    players <= limits.max_players &&
    rounds >= 1 &&
    rounds <= limits.max_rounds &&
    players * (rounds + 1) <= limits.max_rows;
  return { players, rounds, valid };
}

function updateTemplateLink() {
  const { players, rounds, valid } = templateLimits();
  const link = byId("template-link");
  const invalid = byId("template-invalid");
  for (const id of ["players", "rounds"]) byId(id).setAttribute("aria-invalid", String(!valid));
  if (valid) {
    const query = new URLSearchParams({ lang: state.lang, players, rounds });
    const event = byId("event").value.trim();
    if (event) query.set("event", event);
    if (chosenFormat()) query.set("format", chosenFormat());
    link.href = `/api/template?${query}`;
    link.textContent = text("templateLink", { players, rounds });
    link.hidden = false;
    invalid.hidden = true;
  } else {
    link.removeAttribute("href");
    link.hidden = true;
    const limits = state.info.template;
    invalid.textContent = text("templateInvalid", {
      maxPlayers: limits.max_players,
      maxRounds: limits.max_rounds,
      rows: limits.max_rows,
    });
    invalid.hidden = false;
  }
}

// The link's address holds no access code: the template is fetched with it in a header.
async function downloadTemplate(event) {
  event.preventDefault();
  const link = byId("template-link");
  if (!templateLimits().valid || !link.href) return;
  const sequence = ++state.sequence;
  setStatus(text("templateMaking"), "busy");
  let response;
  try {
    response = await fetch(link.href, { headers: headers() });
  } catch {
    if (sequence === state.sequence) setStatus(text("errorNetwork"), "error");
    return;
  }
  if (response.ok) await save(response, "template.xlsx");
  else showFailure(response.status, await json(response));
}

// ---------------------------------------------------------------------------
// Start

function takeTokenFromAddress() {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const fromAddress = fragment.get("token");
  if (fromAddress) {
    store(window.sessionStorage, TOKEN_KEY, fromAddress);
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
  }
  byId("token").value = fromAddress || stored(window.sessionStorage, TOKEN_KEY) || "";
}

function wire() {
  byId("language").addEventListener("change", (event) => {
    state.lang = event.target.value;
    store(window.localStorage, LANGUAGE_KEY, state.lang);
    const address = new URL(window.location.href);
    address.searchParams.set("lang", state.lang);
    window.history.replaceState(null, "", address);
    applyLanguage();
    if (state.file) check(state.file, { focus: false });
  });
  window.addEventListener("hashchange", () => {
    takeTokenFromAddress();
    updateTemplateLink();
  });
  byId("token").addEventListener("input", () => {
    store(window.sessionStorage, TOKEN_KEY, token());
    updateTemplateLink();
  });
  const input = byId("file");
  input.addEventListener("change", () => {
    const file = input.files[0];
    input.value = ""; // choosing the same workbook again (fixed and saved) checks it again
    if (file) check(file);
  });
  const drop = byId("drop");
  let depth = 0;
  window.addEventListener("dragenter", (event) => {
    event.preventDefault();
    depth += 1;
    drop.classList.add("dragging");
  });
  window.addEventListener("dragleave", () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) drop.classList.remove("dragging");
  });
  window.addEventListener("dragover", (event) => event.preventDefault());
  window.addEventListener("drop", (event) => {
    event.preventDefault();
    depth = 0;
    drop.classList.remove("dragging");
    const file = event.dataTransfer?.files?.[0];
    if (file) check(file);
  });
  for (const id of ["players", "rounds", "event"]) byId(id).addEventListener("input", updateTemplateLink);
  byId("format").addEventListener("change", () => {
    updateTemplateLink();
    showTitle();
    if (state.file) check(state.file, { focus: false });
  });
  byId("format-file").addEventListener("change", () => {
    if (state.file) check(state.file, { focus: false });
  });
  byId("template-link").addEventListener("click", downloadTemplate);
  byId("template-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (templateLimits().valid) byId("template-link").click();
  });
}

async function start() {
  state.lang = pickLanguage();
  takeTokenFromAddress();
  try {
    const response = await fetch("/healthz");
    Object.assign(state.info, await response.json());
  } catch {
    // the defaults above stand; a failed request will say so
  }
  byId("token-box").hidden = !state.info.token_required;
  wire();
  applyLanguage();
  document.body.dataset.ready = "true";
}

start();
