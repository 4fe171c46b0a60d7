// A run's answer as page elements: the unusable file, notes, every problem beside its
// Results rows, the download button, the standings and every round's games.
import { el, percent, points, shown, srOnly, text } from "./page.js";

export function unusableBlock(findings) {
  const fatal = findings.find((finding) => finding.severity === "fatal");
  return el(
    "div",
    { class: "alert", role: "alert" },
    el("h3", { text: text("unusableHeading") }),
    el("p", { class: "fatal-message", text: fatal ? fatal.message : "" }),
    el("p", { text: text("unusableHelp") }),
  );
}

export function notesBlock(findings) {
  const notes = findings.filter((finding) => finding.severity === "notice");
  if (notes.length === 0) return null;
  return el(
    "div",
    { class: "notes" },
    el("h3", { text: text("notesHeading") }),
    el("ul", {}, ...notes.map((note) => el("li", { text: note.message }))),
  );
}

export function findingsBlock(findings) {
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
        { scope: "col", class: cellClass(index, letter === bad.column ? "hl" : null) },
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
          { class: cellClass(index, isBad ? "bad" : null), "data-cell": `${context.columns[index]}${row}` },
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

// The first column of an excerpt (Round) stays in view beside the row numbers.
function cellClass(index, extra) {
  return [index === 0 ? "lead" : null, extra].filter(Boolean).join(" ") || null;
}

// Each excerpt starts at its first column; one whose highlighted cell lies beyond the
// right edge scrolls just enough to centre it in the room beside the columns that stay.
export function showHighlightedCells() {
  for (const wrap of document.querySelectorAll(".grid-wrap")) {
    wrap.scrollLeft = 0;
    const bad = wrap.querySelector(".bad");
    if (!bad || bad.offsetLeft + bad.offsetWidth <= wrap.clientWidth) continue;
    const kept = [...wrap.querySelectorAll("thead .corner, thead .lead")];
    const fixed = kept.reduce((sum, cell) => sum + cell.offsetWidth, 0);
    const room = wrap.clientWidth - fixed;
    wrap.scrollLeft = bad.offsetLeft - fixed - Math.max(0, (room - bad.offsetWidth) / 2);
  }
}

export function downloadBlock(name, onDownload) {
  const button = el("button", {
    type: "button",
    id: "download",
    class: "button primary",
    "aria-describedby": "download-help",
    text: text("download"),
  });
  button.addEventListener("click", onDownload);
  return el(
    "div",
    { class: "download" },
    button,
    el("p", { id: "download-help", class: "help", text: text("downloadHelp", { file: name }) }),
  );
}

function scrollable(table, captionId) {
  return el("div", { class: "table-wrap", role: "region", tabindex: 0, "aria-labelledby": captionId }, table);
}

// A key's value as the standings show it: shares as percentages, counts and whole score
// differences whole, the rest (points, wins, Buchholz) with two decimals.
const PERCENT_KEYS = new Set(["vp_ratio", "shares", "relative"]);
const WHOLE_KEYS = new Set(["vp", "score", "capped_vp", "firsts", "seconds", "thirds"]);

function keyValue(key, value) {
  if (PERCENT_KEYS.has(key)) return percent(value);
  if (WHOLE_KEYS.has(key) || (key === "score_diff" && Number.isInteger(value))) return shown(value);
  return points(value);
}

export function standingsBlock(standings) {
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
    ...standings.headers.map((words) => el("th", { scope: "col", class: "num", text: words })),
    ...roundHeaders,
  );
  const first = standings.keys[0];
  const rows = standings.rows.map((entry) =>
    el(
      "tr",
      {},
      el("td", { class: "num", text: shown(entry.rank) }),
      el("th", { scope: "row", text: entry.player }),
      ...standings.keys.map((key, index) =>
        el("td", { class: index === 0 ? "num strong" : "num", title: entry.exact[key], text: keyValue(key, entry[key]) }),
      ),
      ...entry.by_round.map((value) =>
        value === null
          ? el("td", { class: "num muted" }, el("span", { "aria-hidden": "true", text: "–" }), srOnly(text("notPlayed")))
          : el("td", { class: "num", text: keyValue(first, value) }),
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

// The Final Ranking (SPEC §10), once a stage has rows: everyone by rank, the stage reached,
// the place there and why; a rank left blank while the player is still playing.
export function finalBlock(final) {
  const captionId = "final-caption";
  const head = el("tr", {}, ...final.headers.map((words, index) =>
    el("th", { scope: "col", class: index === 0 || index === 3 ? "num" : "", text: words })));
  const rows = final.rows.map((entry) =>
    el(
      "tr",
      {},
      el("td", { class: "num", text: entry.rank === null ? "" : shown(entry.rank) }),
      el("th", { scope: "row", text: entry.player }),
      el("td", { text: entry.stage }),
      el("td", { class: "num", text: entry.place === null ? "" : shown(entry.place) }),
      el("td", { text: entry.why }),
    ),
  );
  const table = el(
    "table",
    { class: "standings final-ranking" },
    el("caption", { id: captionId, text: final.title }),
    el("thead", {}, head),
    el("tbody", {}, ...rows),
  );
  return el("div", { class: "standings-block" }, el("h3", { text: final.title }), scrollable(table, captionId));
}

// ``firstHeader`` names what each game gave in the format's first key (its standings header).
export function gamesBlock(rounds, game, firstKey, firstHeader) {
  const details = rounds.map((round) => {
    const tables = round.tables.map((table) => gameTable(round.round, table, game, firstKey, firstHeader));
    return el(
      "details",
      { class: "round" },
      el("summary", { text: text("roundSummary", { round: round.round, count: round.tables.length }) }),
      el("div", { class: "games-grid" }, ...tables),
    );
  });
  return el("div", { class: "games-block" }, el("h3", { text: text("gamesHeading") }), ...details);
}

function gameTable(round, table, game, firstKey, firstHeader) {
  const catan = game === "catan";
  const head = el(
    "tr",
    {},
    el("th", { scope: "col", class: "num", text: text("colPlace") }),
    el("th", { scope: "col", text: text("colPlayer") }),
    el("th", { scope: "col", class: "num", text: text(catan ? "colVp" : "colScore") }),
    el("th", { scope: "col", class: "num", text: firstHeader }),
    el("th", { scope: "col", text: text(catan ? "colTitles" : "colNote") }),
  );
  const rows = table.seats.map((seat) => {
    const badges = [
      seat.largest_army ? "largestArmy" : null,
      seat.longest_road ? "longestRoad" : null,
      seat.declared ? "declared" : null,
      seat.bye ? "bye" : null,
    ].filter(Boolean);
    const value = catan ? seat.vp : seat.score;
    return el(
      "tr",
      {},
      el("td", { class: "num", text: shown(seat.place) }),
      el("th", { scope: "row", text: seat.player }),
      el("td", { class: "num", text: value === null ? "–" : shown(value) }),
      el("td", { class: "num", text: seat.first === null ? "–" : keyValue(firstKey, seat.first) }),
      el("td", {}, ...badges.map((key) => el("span", { class: "badge", text: text(key) }))),
    );
  });
  return el(
    "table",
    { class: "game" },
    el("caption", { text: text("tableCaption", { round, table: table.table }) }),
    el("thead", {}, head),
    el("tbody", {}, ...rows),
  );
}
