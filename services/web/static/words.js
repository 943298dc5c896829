// What the table and the replay pages both draw in words: cards as "rank + suit symbol"
// (the name a card shows is its accessible name; the words are its title), and the
// language list, each language in its own words.
import { card, cardList, languageName, locale } from "/static/l10n.js";

/** Cards as text: "7♥ 7♦" (one left-to-right run). */
export const cardsText = cardList;

/** Cards as chips (spans), red or black by suit. */
export function cardChips(codes) {
  return codes.map((code) => {
    const c = card(code);
    const span = document.createElement("span");
    span.className = "chip";
    span.dataset.suit = c.suit;
    span.textContent = c.text;
    span.title = c.label;
    return span;
  });
}

/** Fill `select` with the `available` languages; `changed(code)` when one is chosen. */
export function fillLanguages(select, available, changed) {
  select.replaceChildren(...available.map((code) => {
    const option = new Option(languageName(code), code);
    option.lang = code;
    option.selected = code === locale();
    return option;
  }));
  select.onchange = () => {
    localStorage.setItem("president-lang", select.value);
    changed(select.value);
  };
}
