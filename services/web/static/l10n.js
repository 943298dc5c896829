// Every string of the page comes from the project's Fluent catalogues
// (president.l10n), formatted in the browser by @fluent/bundle; cards and lists are
// worded as the terminal words them (president.l10n.localizer): the sheet's rank
// letters, the suit as a symbol, a list of cards as one left-to-right run.
import { FluentBundle, FluentResource } from "/vendor/fluent-bundle/index.js";

const RTL = new Set(["he", "ar", "fa", "ur"]);
const LEGACY = { iw: "he", in: "id", ji: "yi" }; // BCP 47 deprecated codes still sent
/** Each language named in itself (CLDR's autonyms; a browser without display names
 * would otherwise show "Georgian" or the bare code). */
export const AUTONYMS = {
  en: "English", hr: "hrvatski", it: "italiano", ka: "ქართული", tr: "Türkçe", he: "עברית",
};
const SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const LRI = "\u2066", RLI = "\u2067", PDI = "\u2069";
let bundle = null;
let current = "en";

/** `tag` (BCP 47 or POSIX: "hr-HR", "he_IL.UTF-8", "iw") as a lower-case list of subtags. */
function subtags(tag) {
  const parts = String(tag).trim().split(/[.@]/)[0].replace(/_/g, "-").toLowerCase().split("-");
  parts[0] = LEGACY[parts[0]] ?? parts[0];
  return parts;
}

/** The available locale `tag` asks for (its exact code, else its language), or null. */
export function match(tag, available) {
  const parts = subtags(tag);
  const lower = available.map((code) => code.toLowerCase());
  for (const wanted of [parts.join("-"), parts[0]]) {
    const at = lower.indexOf(wanted);
    if (at >= 0) return available[at];
  }
  return null;
}

/** The best available locale for `wanted`: a list of tags (`navigator.languages`,
 * `?lang=`) or an Accept-Language string; highest q first, q=0 never (RFC 9110). */
export function negotiate(wanted, available) {
  const items = typeof wanted === "string" ? wanted.split(",") : [...(wanted ?? [])];
  const ranked = items.map((item, index) => {
    const [tag, ...params] = String(item ?? "").split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    return { tag: tag.trim(), quality: Number.isNaN(quality) ? 0 : quality, index };
  }).filter((x) => x.tag && x.tag !== "*" && x.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const found = match(tag, available);
    if (found) return found;
  }
  return available.includes("en") ? "en" : available[0];
}

/** The name of language `code` in that language ("ქართული"). */
export function languageName(code) {
  return AUTONYMS[code] ?? code;
}

/** Use the catalogue `source` of `locale` (what `load` does once it has fetched it). */
export function use(locale, source) {
  const fresh = new FluentBundle(locale, { useIsolating: true });
  const errors = fresh.addResource(new FluentResource(source));
  if (errors.length) console.warn("catalogue errors", errors);
  bundle = fresh;
  current = locale;
}

/** Load the catalogue of `locale` and lay the document out in its direction. */
export async function load(locale) {
  const response = await fetch(`/l10n/${encodeURIComponent(locale)}.ftl`);
  if (!response.ok) throw new Error(`no catalogue for ${locale}`);
  use(locale, await response.text());
  document.documentElement.lang = locale;
  document.documentElement.dir = RTL.has(locale) ? "rtl" : "ltr";
  document.title = t("web-title");
  translate(document);
}

export function locale() { return current; }

export function rtl() { return RTL.has(current); }

/** A message's arguments as a person reads them (as `Localizer._arg` does): a list is
 * cards, `rank` and `card` wire codes are the sheet's letters, a boolean yes/no. */
function worded(args) {
  const out = {};
  for (const [name, value] of Object.entries(args ?? {})) {
    if (Array.isArray(value)) out[name] = cardList(value);
    else if (name === "rank" && typeof value === "string" && has(`rank-${value}`)) out[name] = t(`rank-${value}`);
    else if (name === "card" && typeof value === "string") out[name] = cardLabel(value);
    else if (typeof value === "boolean") out[name] = value ? "yes" : "no";
    else out[name] = value;
  }
  return out;
}

/** The message `id` with `args` (a list of card codes, a wire rank or card are worded
 * first); a missing one shows its id (and is logged). */
export function t(id, args = {}, attribute = null) {
  const message = bundle?.getMessage(id);
  const pattern = attribute ? message?.attributes?.[attribute] : message?.value;
  if (!pattern) {
    console.warn("missing message", id);
    (globalThis.__missingMessages ??= []).push(id); // what the tests look for
    return id;
  }
  const errors = [];
  const text = bundle.formatPattern(pattern, worded(args), errors);
  if (errors.length) console.warn(id, errors);
  return text;
}

export function has(id) { return Boolean(bundle?.hasMessage(id)); }

/** A refusal (`reject-<code>`, its `with-<params>` attribute when the catalogue has it),
 * its params worded as the terminal words them; an unknown code: `web-failed`. */
export function refusal(code, params = {}) {
  const id = `reject-${code}`;
  if (!code || !has(id)) return t("web-failed");
  const keys = Object.keys(params ?? {}).sort();
  const attribute = keys.length ? `with-${keys.join("-")}` : null;
  if (attribute && bundle.getMessage(id).attributes?.[attribute]) return t(id, params, attribute);
  return t(id);
}

/** A refusal of the lobby API: its own message (`table-refused-<code>`, its params) when
 * the catalogue has one, else the contract's (`refusal`); with "try again in N s" when the
 * answer gave a Retry-After of N seconds. */
export function lobbyRefusal(code, params = {}, retryAfter = null) {
  const id = `table-refused-${code}`;
  const text = code && has(id) ? t(id, params) : refusal(code, params);
  const seconds = Number.parseInt(retryAfter ?? "", 10);
  return seconds > 0 ? `${text} ${t("table-retry-after", { seconds })}` : text;
}

/** Fill every `[data-l10n-id]` element under `root` (its `data-l10n-args`, JSON). */
export function translate(root) {
  for (const element of root.querySelectorAll("[data-l10n-id]")) {
    const args = element.dataset.l10nArgs ? JSON.parse(element.dataset.l10nArgs) : {};
    element.textContent = t(element.dataset.l10nId, args);
  }
}

/** `JD` as the sheet prints it, `V♦`; a string that names no card as it is. */
export function cardLabel(code) {
  const rank = String(code).slice(0, -1);
  const symbol = SYMBOLS[String(code).slice(-1)];
  return symbol && has(`rank-${rank}`) ? `${t(`rank-${rank}`)}${symbol}` : String(code);
}

/** Cards as one left-to-right run, "10♥ V♦" (its order kept in a right-to-left line). */
export function cardList(codes) {
  const run = codes.map(cardLabel).join(" ");
  return rtl() ? `${LRI}${run}${PDI}` : run;
}

/** Items (names, scores) joined in the locale's direction (as `Localizer.join`). */
export function list(items, separator = ", ") {
  const run = items.join(separator);
  return rtl() ? `${RLI}${run}${PDI}` : run;
}

/** The words of a card: `rank` letter from the sheets, suit's name and symbol + letter. */
export function card(code) {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  return {
    rank: t(`rank-${rank}`),
    suit,
    symbol: SYMBOLS[suit],
    letter: t(`web-suit-letter-${suit}`),
    label: t("web-card", { rank: t(`rank-${rank}`), suit: t(`suit-${suit}`) }),
    text: cardLabel(code),
  };
}

/** A list of cards as text: "7♥ 7♦" (the older name of `cardList`). */
export const cards = cardList;
