// What the page's scripts share: its state, its words and numbers, and building elements.
import { STRINGS } from "./strings.js";

export const LANGUAGES = Object.keys(STRINGS);

export const state = {
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

export const byId = (id) => document.getElementById(id);

export function text(key, params = {}) {
  let template = STRINGS[state.lang][key] ?? STRINGS.en[key];
  if (typeof template === "object") {
    const category = new Intl.PluralRules(state.lang).select(params.count ?? 0);
    template = template[category] ?? template.other;
  }
  return template.replace(/\{(\w+)\}/g, (whole, name) =>
    name in params ? shown(params[name]) : whole,
  );
}

export function shown(value) {
  return typeof value === "number" ? number(value) : String(value);
}

export function number(value, options = {}) {
  return new Intl.NumberFormat(state.lang, options).format(value);
}

export const points = (value) => number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const percent = (value) =>
  number(value, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
export const megabytes = () => Math.round(state.info.max_upload_bytes / 1000000);

export function el(tag, attributes = {}, ...children) {
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

export const srOnly = (words) => el("span", { class: "sr-only", text: words });
