// The organiser's page: choose or drop a workbook, see its problems beside their cells,
// or its standings and games, download it scored; download a blank template.
// It talks only to this server's API (/api/check, /api/score, /api/template, /healthz).
"use strict";

(() => {
  const STRINGS = window.XS_STRINGS;
  const LANGUAGES = Object.keys(STRINGS);
  const LANGUAGE_KEY = "xlsx-scorer-language";
  const TOKEN_KEY = "xlsx-scorer-token";

  const state = {
    lang: "en",
    info: {
      version: "",
      token_required: false,
      max_upload_bytes: 50000000,
      template: { max_players: 1000, max_rounds: 50, max_rows: 12000 },
    },
    file: null, // the workbook last chosen (a File)
    body: null, // the last answer shown
    sequence: 0, // answers to an older request are dropped
  };

  const byId = (id) => document.getElementById(id);

  // ---------------------------------------------------------------------------
  // Words and numbers

  function text(key, params = {}) {
    let template = STRINGS[state.lang][key] ?? STRINGS.en[key];
    if (typeof template === "object") {
      const category = new Intl.PluralRules(state.lang).select(params.count ?? 0);
      template = template[category] ?? template.other;
    }
    return template.replace(/\{(\w+)\}/g, (whole, name) =>
      name in params ? shown(params[name]) : whole,
    );
  }

  function shown(value) {
    return typeof value === "number" ? number(value) : String(value);
  }

  function number(value, options = {}) {
    return new Intl.NumberFormat(state.lang, options).format(value);
  }

  const points = (value) => number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const percent = (value) =>
    number(value, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const megabytes = () => Math.round(state.info.max_upload_bytes / 1000000);

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

  function el(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "class") node.className = value;
      else if (name === "text") node.textContent = value;
      else node.setAttribute(name, value === true ? "" : String(value));
    }
    for (const child of children) {
      if (child !== null && child !== undefined) node.append(child);
    }
    return node;
  }

  const srOnly = (words) => el("span", { class: "sr-only", text: words });

  function applyLanguage() {
    document.documentElement.lang = state.lang;
    byId("language").value = state.lang;
    for (const node of document.querySelectorAll("[data-i18n]")) {
      node.textContent = text(node.dataset.i18n, { mb: megabytes() });
    }
    byId("footer").textContent = text("footer", { version: state.info.version });
    updateTemplateLink();
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

  function post(path, file, withLanguage) {
    const form = new FormData();
    form.append("file", file, file.name);
    if (withLanguage) form.append("lang", state.lang);
    const headers = token() ? { "X-Token": token() } : {};
    return fetch(path, { method: "POST", body: form, headers });
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

  async function check(file, { focus = true } = {}) {
    state.file = file;
    const sequence = ++state.sequence;
    if (file.size > state.info.max_upload_bytes) {
      showFailure(413, null);
      return;
    }
    setStatus(text("checking", { file: file.name }), "busy");
    let response;
    try {
      response = await post("/api/check", file, true);
    } catch {
      if (sequence === state.sequence) setStatus(text("errorNetwork"), "error");
      return;
    }
    const body = await json(response);
    if (sequence !== state.sequence) return;
    if ((response.status === 200 || response.status === 422) && body?.summary) {
      showRun(body, focus);
    } else {
      showFailure(response.status, body);
    }
  }

  async function download() {
    const file = state.file;
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
      const blob = await response.blob();
      const name = attachmentName(response.headers.get("Content-Disposition")) || file.name;
      const url = URL.createObjectURL(blob);
      const link = el("a", { href: url, download: name, hidden: true });
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 60000);
      setStatus(text("downloaded", { file: name }));
      return;
    }
    const body = await json(response);
    if (response.status === 422 && body?.summary) showRun(body, true);
    else showFailure(response.status, body);
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

  function showRun(body, focus) {
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
      parts.push(downloadBlock(body.file));
      if (body.standings) parts.push(standingsBlock(body.standings));
      if (body.games) parts.push(gamesBlock(body.games));
      announcement = text("announceOk", { file: body.file });
    }
    byId("results-heading").textContent = text("resultsHeading", { file: body.file });
    target.replaceChildren(...parts.filter(Boolean));
    const section = byId("results");
    section.hidden = false;
    section.dataset.state = kind;
    setStatus(announcement, kind === "standings" ? "ok" : "");
    window.requestAnimationFrame(centreHighlightedCells);
    if (focus) byId("results-heading").focus();
  }

  function unusableBlock(findings) {
    const fatal = findings.find((finding) => finding.severity === "fatal");
    return el(
      "div",
      { class: "alert", role: "alert" },
      el("h3", { text: text("unusableHeading") }),
      el("p", { class: "fatal-message", text: fatal ? fatal.message : "" }),
      el("p", { text: text("unusableHelp") }),
    );
  }

  function notesBlock(findings) {
    const notes = findings.filter((finding) => finding.severity === "notice");
    if (notes.length === 0) return null;
    return el(
      "div",
      { class: "notes" },
      el("h3", { text: text("notesHeading") }),
      el("ul", {}, ...notes.map((note) => el("li", { text: note.message }))),
    );
  }

  function findingsBlock(findings) {
    const headings = ["colCell", "colRound", "colTable", "colPlayer", "colProblem"].map(text);
    const table = el(
      "table",
      { class: "findings", role: "table" },
      el("caption", { text: text("findingsCaption") }),
      el(
        "thead",
        { role: "rowgroup" },
        el(
          "tr",
          { role: "row" },
          ...headings.map((words) => el("th", { scope: "col", role: "columnheader", text: words })),
        ),
      ),
    );
    for (const finding of findings) {
      const where = finding.where;
      const cell = where.cell ? `${where.sheet}!${where.cell}` : where.sheet ?? "";
      const values = [where.round, where.table, where.player].map((value) => value ?? "");
      const group = el(
        "tbody",
        { class: "finding-group", role: "rowgroup" },
        el(
          "tr",
          { class: "finding", role: "row" },
          el("th", { scope: "row", role: "rowheader", "data-label": headings[0], text: cell }),
          ...values.map((value, index) =>
            el("td", { role: "cell", "data-label": headings[index + 1], text: shown(value) }),
          ),
          el("td", { role: "cell", class: "message", "data-label": headings[4], text: finding.message }),
        ),
      );
      if (finding.context) {
        group.append(
          el(
            "tr",
            { class: "context", role: "row" },
            el("td", { colspan: 5, role: "cell" }, excerptGrid(finding.context, where)),
          ),
        );
      }
      table.append(group);
    }
    return el("div", { class: "findings-block" }, el("h3", { text: text("findingsHeading") }), table);
  }

  function excerptGrid(context, where) {
    const last = context.first_row + context.rows.length - 1;
    const label = text("contextLabel", {
      sheet: where.sheet ?? "",
      first: context.first_row,
      last,
      cell: where.cell,
    });
    const bad = context.highlight;
    const head = el(
      "tr",
      {},
      el("th", { scope: "col", class: "corner" }, srOnly(text("rowHeader"))),
      ...context.columns.map((letter, index) =>
        el(
          "th",
          { scope: "col", class: letter === bad.column ? "hl" : null },
          el("span", { class: "letter", text: letter }),
          el("span", { class: "name", text: context.headers[index] }),
        ),
      ),
    );
    const rows = context.rows.map((values, offset) => {
      const row = context.first_row + offset;
      return el(
        "tr",
        { class: row === bad.row ? "hl-row" : null },
        el("th", { scope: "row", class: row === bad.row ? "hl" : null, text: String(row) }),
        ...values.map((value, index) => {
          const isBad = row === bad.row && context.columns[index] === bad.column;
          return el(
            "td",
            { class: isBad ? "bad" : null, "data-cell": `${context.columns[index]}${row}` },
            value,
            isBad ? srOnly(` ${text("badCell")}`) : null,
          );
        }),
      );
    });
    const table = el(
      "table",
      { class: "grid" },
      el("caption", { class: "sr-only", text: label }),
      el("thead", {}, head),
      el("tbody", {}, ...rows),
    );
    return el(
      "div",
      {},
      el("p", { class: "grid-label", "aria-hidden": "true", text: label }),
      el("div", { class: "grid-wrap", role: "region", tabindex: 0, "aria-label": label }, table),
    );
  }

  function centreHighlightedCells() {
    for (const wrap of document.querySelectorAll(".grid-wrap")) {
      const bad = wrap.querySelector(".bad");
      if (bad && wrap.scrollWidth > wrap.clientWidth) {
        wrap.scrollLeft = bad.offsetLeft - (wrap.clientWidth - bad.offsetWidth) / 2;
      }
    }
  }

  function downloadBlock(file) {
    const button = el("button", {
      type: "button",
      id: "download",
      class: "button primary",
      "aria-describedby": "download-help",
      text: text("download"),
    });
    button.addEventListener("click", download);
    return el(
      "div",
      { class: "download" },
      button,
      el("p", { id: "download-help", class: "help", text: text("downloadHelp", { file: scoredName(file) }) }),
    );
  }

  function scoredName(file) {
    const match = /^(.+)\.(xlsx|xlsm)$/i.exec(file);
    return match ? `${match[1]}_scored.${match[2]}` : `${file}_scored.xlsx`;
  }

  function scrollable(table, captionId) {
    return el("div", { class: "table-wrap", role: "region", tabindex: 0, "aria-labelledby": captionId }, table);
  }

  function standingsBlock(standings) {
    const captionId = "standings-caption";
    const roundHeaders = standings.rounds.map((round) =>
      el(
        "th",
        { scope: "col", class: "num" },
        el("abbr", { title: text("roundColumnLong", { n: round }), text: text("roundColumn", { n: round }) }),
      ),
    );
    const head = el(
      "tr",
      {},
      el("th", { scope: "col", class: "num", text: text("colRank") }),
      el("th", { scope: "col", text: text("colPlayer") }),
      el("th", { scope: "col", class: "num", text: text("colRoundPoints") }),
      el("th", { scope: "col", class: "num", text: text("colVp") }),
      el("th", { scope: "col", class: "num", text: text("colVpShare") }),
      ...roundHeaders,
    );
    const rows = standings.rows.map((entry) =>
      el(
        "tr",
        {},
        el("td", { class: "num", text: shown(entry.rank) }),
        el("th", { scope: "row", text: entry.player }),
        el("td", { class: "num strong", text: points(entry.round_points) }),
        el("td", { class: "num", text: shown(entry.vp) }),
        el("td", { class: "num", text: percent(entry.vp_share) }),
        ...entry.by_round.map((value) =>
          value === null
            ? el("td", { class: "num muted" }, el("span", { "aria-hidden": "true", text: "–" }), srOnly(text("notPlayed")))
            : el("td", { class: "num", text: points(value) }),
        ),
      ),
    );
    const table = el(
      "table",
      { class: "standings" },
      el("caption", { id: captionId, text: text("standingsCaption", { count: standings.rounds.length }) }),
      el("thead", {}, head),
      el("tbody", {}, ...rows),
    );
    return el("div", { class: "standings-block" }, el("h3", { text: text("standingsHeading") }), scrollable(table, captionId));
  }

  function gamesBlock(rounds) {
    const details = rounds.map((round) => {
      const tables = round.tables.map((game) => gameTable(round.round, game));
      return el(
        "details",
        { class: "round" },
        el("summary", { text: text("roundSummary", { round: round.round, count: round.tables.length }) }),
        el("div", { class: "games-grid" }, ...tables),
      );
    });
    return el("div", { class: "games-block" }, el("h3", { text: text("gamesHeading") }), ...details);
  }

  function gameTable(round, game) {
    const head = el(
      "tr",
      {},
      el("th", { scope: "col", class: "num", text: text("colPlace") }),
      el("th", { scope: "col", text: text("colPlayer") }),
      el("th", { scope: "col", class: "num", text: text("colVp") }),
      el("th", { scope: "col", class: "num", text: text("colRoundPoints") }),
      el("th", { scope: "col", text: text("colTitles") }),
    );
    const rows = game.seats.map((seat) => {
      const titles = [
        seat.largest_army ? "largestArmy" : null,
        seat.longest_road ? "longestRoad" : null,
        seat.declared ? "declared" : null,
      ].filter(Boolean);
      return el(
        "tr",
        {},
        el("td", { class: "num", text: shown(seat.place) }),
        el("th", { scope: "row", text: seat.player }),
        el("td", { class: "num", text: shown(seat.vp) }),
        el("td", { class: "num", text: points(seat.round_points) }),
        el("td", {}, ...titles.map((key) => el("span", { class: "badge", text: text(key) }))),
      );
    });
    return el(
      "table",
      { class: "game" },
      el("caption", { text: text("tableCaption", { round, table: game.table }) }),
      el("thead", {}, head),
      el("tbody", {}, ...rows),
    );
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
      if (token()) query.set("token", token());
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
})();
