// Every string of the page comes from the project's Fluent catalogues
// (president.l10n), formatted in the browser by @fluent/bundle.
import { FluentBundle, FluentResource } from "/vendor/fluent-bundle/index.js";

const RTL = new Set(["he", "ar", "fa", "ur"]);
let bundle = null;
let current = "en";

/** The first of the browser's languages we have a catalogue for (else English). */
export function negotiate(wanted, available) {
  for (const tag of wanted) {
    const lower = tag.toLowerCase();
    if (available.includes(lower)) return lower;
    const base = lower.split("-")[0];
    if (available.includes(base)) return base;
  }
  return available.includes("en") ? "en" : available[0];
}

/** Load the catalogue of `locale` and lay the document out in its direction. */
export async function load(locale) {
  const response = await fetch(`/l10n/${encodeURIComponent(locale)}.ftl`);
  if (!response.ok) throw new Error(`no catalogue for ${locale}`);
  const fresh = new FluentBundle(locale, { useIsolating: true });
  const errors = fresh.addResource(new FluentResource(await response.text()));
  if (errors.length) console.warn("catalogue errors", errors);
  bundle = fresh;
  current = locale;
  document.documentElement.lang = locale;
  document.documentElement.dir = RTL.has(locale) ? "rtl" : "ltr";
  translate(document);
}

export function locale() { return current; }

/** The message `id` with `args`; a missing one shows its id (and is logged). */
export function t(id, args = {}, attribute = null) {
  const message = bundle?.getMessage(id);
  const pattern = attribute ? message?.attributes?.[attribute] : message?.value;
  if (!pattern) {
    console.warn("missing message", id);
    (window.__missingMessages ??= []).push(id); // what the tests look for
    return id;
  }
  const errors = [];
  const text = bundle.formatPattern(pattern, args, errors);
  if (errors.length) console.warn(id, errors);
  return text;
}

export function has(id) { return Boolean(bundle?.hasMessage(id)); }

/** Fill every `[data-l10n-id]` element under `root` (its `data-l10n-args`, JSON). */
export function translate(root) {
  for (const element of root.querySelectorAll("[data-l10n-id]")) {
    const args = element.dataset.l10nArgs ? JSON.parse(element.dataset.l10nArgs) : {};
    element.textContent = t(element.dataset.l10nId, args);
  }
}

/** The words of a card: `rank` letter from the sheets, suit's name and symbol + letter. */
const SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
export function card(code) {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  return {
    rank: t(`rank-${rank}`),
    suit,
    symbol: SYMBOLS[suit],
    letter: t(`web-suit-letter-${suit}`),
    label: t("web-card", { rank: t(`rank-${rank}`), suit: t(`suit-${suit}`) }),
  };
}

/** A list of cards as text: "7♥H 7♦D". */
export function cards(codes) {
  return codes.map((code) => {
    const c = card(code);
    return `${c.rank}${c.symbol}${c.letter}`;
  }).join(" ");
}
