// Seating the next round: the "Seat round N" control shown after a clean check, and the
// seating the server answers (/api/seat): its report and its tables in seat order.
// The seating itself is the server's (the same as `xlsx-scorer seat`); the page only asks,
// and the workbook it saves is the one to keep: scored, then seated.
import { el, srOnly, state, text } from "./page.js";

const METHODS = ["random", "swiss"];

// The control: the round that comes next (the only one offered: the check's, from the
// workbook), method (the format's), optional seed.  Past the event's last declared round
// nothing is offered, nor while the round before has tables to play (`offer.waiting` says so).  `onSeat({round, method, seed})` is called when the organiser asks.
export function seatBlock(offer, onSeat) {
  const heading = el("h3", { id: "seat-heading", text: text("seatHeading") });
  if (offer.round === null) {
    return el(
      "div",
      { class: "seat", "aria-labelledby": "seat-heading", role: "group" },
      heading,
      el("p", {
        class: "help seat-done",
        text: offer.waiting ?? text("seatAllDone", { rounds: offer.rounds }),
      }),
    );
  }
  const round = el("output", { id: "seat-round", name: "round", text: String(offer.round) });
  const method = el(
    "select",
    { id: "seat-method", name: "method", "aria-describedby": "seat-method-help" },
    ...METHODS.map((name) => el("option", { value: name, text: text(`method_${name}`) })),
  );
  method.value = offer.method;
  const seed = el("input", {
    id: "seat-seed",
    name: "seed",
    type: "number",
    inputmode: "numeric",
    min: 0,
    max: state.info.seat?.max_seed ?? 1000000000,
    step: 1,
    placeholder: "0",
    "aria-describedby": "seat-seed-help",
  });
  const button = el("button", {
    type: "submit",
    id: "seat-button",
    class: "button primary",
    text: text("seatButton", { round: offer.round }),
  });
  const form = el(
    "form",
    { class: "seat-form", id: "seat-form", novalidate: true },
    field("seat-round", "seatRoundLabel", round),
    field("seat-method", "seatMethodLabel", method, "seatMethodHelp", true),
    field("seat-seed", "seatSeedLabel", seed, "seatSeedHelp", true),
    el("div", { class: "seat-go" }, button),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    onSeat({ round: offer.round, method: method.value, seed: seed.value.trim() });
  });
  return el(
    "div",
    { class: "seat", "aria-labelledby": "seat-heading", role: "group" },
    heading,
    el("p", { class: "help", text: text("seatIntro") }),
    form,
    el("div", { id: "seating", "aria-live": "polite" }),
  );
}

function field(id, labelKey, input, helpKey = null, wide = false) {
  return el(
    "div",
    { class: wide ? "field wide" : "field" },
    el("label", { for: id, text: text(labelKey) }),
    input,
    helpKey ? el("p", { id: `${id}-help`, class: "help", text: text(helpKey) }) : null,
  );
}

// What the server seated: where it was written, the report, and every table in seat order.
export function seatingBlock(answer) {
  const widest = Math.max(0, ...answer.tables.map((table) => table.players.length));
  const captionId = "seating-caption";
  const head = el(
    "tr",
    {},
    el("th", { scope: "col", text: text("colTable") }),
    ...Array.from({ length: widest }, (_, index) =>
      el("th", { scope: "col", text: text("colSeat", { n: index + 1 }) }),
    ),
  );
  const rows = answer.tables.map((table) =>
    el(
      "tr",
      {},
      el("th", { scope: "row", text: String(table.table) }),
      ...Array.from({ length: widest }, (_, index) => {
        const name = table.players[index];
        if (index === 0 && name) {
          return el("td", { class: "starts" }, name, srOnly(` (${text("seatStarts")})`));
        }
        return el("td", { text: name ?? "" });
      }),
    ),
  );
  const report = answer.findings.map((finding) => el("li", { text: finding.message }));
  return el(
    "div",
    { class: "seated", "data-round": answer.round },
    el("h3", { text: text("seatedHeading", { round: answer.round }) }),
    el("p", {
      class: "summary ok",
      text: text("seatedHelp", {
        file: answer.download_name,
        standings: answer.standings_sheet,
        results: answer.results_sheet,
        sheet: answer.seating_sheet,
      }),
    }),
    answer.scored.published
      ? null
      : el("p", {
          class: "summary problems",
          text: text("seatedWithheld", { count: answer.scored.errors }),
        }),
    report.length ? el("h4", { text: text("seatReportHeading") }) : null,
    report.length ? el("ul", { class: "seat-report" }, ...report) : null,
    el(
      "div",
      { class: "table-wrap", role: "region", tabindex: 0, "aria-labelledby": captionId },
      el(
        "table",
        { class: "seating-table" },
        el("caption", { id: captionId, text: text("seatTablesCaption", { round: answer.round }) }),
        el("thead", {}, head),
        el("tbody", {}, ...rows),
      ),
    ),
    answer.byes.length
      ? el("p", { class: "byes", text: text("seatByes", { players: answer.byes.join(", ") }) })
      : null,
  );
}

// A refusal (the round already has rows, no roster, cannot seat), in the page's language.
export function refusedBlock(round, message) {
  return el(
    "div",
    { class: "seated refused", role: "alert" },
    el("p", { class: "error-text", text: text("seatRefused", { round, message }) }),
  );
}

// The seated workbook, sent as base64 in the answer, as a file to save.
export function workbookBlob(answer) {
  const bytes = Uint8Array.from(atob(answer.workbook), (character) => character.charCodeAt(0));
  const type = answer.download_name.toLowerCase().endsWith(".xlsm")
    ? "application/vnd.ms-excel.sheet.macroEnabled.12"
    : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  return new Blob([bytes], { type });
}
