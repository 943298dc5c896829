// The replay page: a finished game (or the finished rounds of one in play) step by step,
// every hand shown. The web service audits the log and replays it with the rules
// (president.audit.replay_document); this page only draws what it is given.
import { load, negotiate, t, locale, list } from "/static/l10n.js";
import { cardsText, cardChips as chips, fillLanguages } from "/static/words.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).at(-1) ?? "");
let doc = null;
let at = 0;

async function main() {
  const config = await (await fetch("/api/config")).json();
  const chosen = [params.get("lang"), localStorage.getItem("president-lang")].filter(Boolean);
  const available = config.locales;
  await load(negotiate([...chosen, ...navigator.languages], available));
  languages(available);
  const response = await fetch(`/api/replay/${encodeURIComponent(tableId)}`);
  const data = await response.json();
  if (!response.ok) {
    $("message").textContent = t(data.code === "UNKNOWN_TABLE" ? "replay-none" : "replay-unavailable");
    return;
  }
  doc = data;
  $("message").hidden = true;
  for (const [id, go] of Object.entries({
    first: () => 0, prev: () => at - 1, next: () => at + 1, last: () => doc.steps.length - 1,
    "prev-trick": () => trickStart(at - 1), "next-trick": () => nextTrick(at),
  })) $(id).addEventListener("click", () => goTo(go()));
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", () => goTo(fromHash(), false));
  at = fromHash();
  render();
}

function languages(available) {
  fillLanguages($("language"), available, async (code) => {
    await load(code);
    languages(available);
    if (doc) render();
  });
}

function name(seat) {
  const entry = doc.seats[seat];
  if (!entry) return t("seat-name", { seat });
  if (entry.kind === "ai") return t("ai-player", { level: t(`ai-${entry.level}`), seat });
  return entry.player_name || t("seat-name", { seat });
}

function el(tag, text) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

// -- stepping -------------------------------------------------------------------

function fromHash() {
  const version = Number(location.hash.replace(/^#v/, ""));
  const found = doc.steps.findIndex((s) => s.version === version);
  return found >= 0 ? found : 0;
}

function goTo(index, push = true) {
  if (!doc.steps.length) return;
  at = Math.max(0, Math.min(doc.steps.length - 1, index));
  if (push) history.replaceState(null, "", `#v${doc.steps[at].version}`);
  render();
}

/** The first step of the trick that holds step `index`. */
function trickStart(index) {
  let i = Math.max(0, index);
  while (i > 0 && !ends(doc.steps[i - 1]) && doc.steps[i - 1].round === doc.steps[i].round
    && doc.steps[i - 1].type !== "RoundDealt") i -= 1;
  return i;
}

/** The step that starts the next trick after step `index`. */
function nextTrick(index) {
  let i = index;
  while (i < doc.steps.length - 1 && !ends(doc.steps[i])) i += 1;
  return i + 1;
}

function ends(step) {
  return step.then.some((e) => e.type === "TrickEnded" || e.type === "RoundEnded");
}

function onKey(event) {
  if (!doc || event.target.matches("input, select, textarea") || event.ctrlKey || event.altKey) return;
  const rtl = document.documentElement.dir === "rtl";
  const moves = {
    ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1,
  };
  if (event.key in moves) goTo(at + moves[event.key]);
  else if (event.key === "ArrowDown") goTo(nextTrick(at));
  else if (event.key === "ArrowUp") goTo(trickStart(at - 1));
  else if (event.key === "Home") goTo(0);
  else if (event.key === "End") goTo(doc.steps.length - 1);
  else return;
  event.preventDefault();
}

// -- drawing --------------------------------------------------------------------

function render() {
  const names = list(doc.seats.map((s) => name(s.seat)));
  $("heading").textContent = t("replay-heading", { names });
  document.title = `${t("replay-title")} · ${t("web-title")}`;
  renderVerdict();
  $("stepper").hidden = doc.steps.length === 0;
  if (doc.steps.length) renderStep();
  renderMoves();
}

function renderVerdict() {
  const verdict = doc.verdict;
  const box = $("verdict");
  box.hidden = false;
  box.dataset.ok = String(verdict.ok);
  $("verdict-text").textContent = t(verdict.ok ? "replay-verdict-ok" : "replay-verdict-failed");
  const { events, commitments, deals, replayed } = verdict;
  $("checked").textContent = t("replay-checked", { events, commitments, deals, replayed });
  $("rounds-checked").replaceChildren(...verdict.rounds.filter((r) => r.ended).map((r) => el("li",
    t(r.commitment_ok && r.deal_ok ? "replay-round-verified" : "replay-round-not-verified", { round: r.round }))));
  $("problems").replaceChildren(...verdict.problems.map((p) => {
    const li = el("li", `${t("replay-problem", { check: t(`replay-check-${p.check}`), version: p.version ?? "-" })} `);
    li.dataset.check = p.check;
    li.dataset.version = String(p.version ?? "");
    li.append(el("code", p.problem)); // the audit's own record of it, as `president audit` prints
    return li;
  }));
  const rounds = verdict.rounds.length;
  $("in-play").hidden = !verdict.rounds.some((r) => !r.ended) && rounds > 0;
}

function describe(step) {
  switch (step.type) {
    case "RoundDealt": return t("replay-deal", { round: step.round, name: name(step.seat) });
    case "CardsPlayed": return t("event-CardsPlayed", { name: name(step.seat), cards: cardsText(step.cards) });
    case "Passed": return t("event-Passed", { name: name(step.seat) });
    case "CardsReturned": return t("replay-returned", { name: name(step.seat), receiver: name(step.receiver), cards: cardsText(step.cards) });
    default: return step.type;
  }
}

/** The titles the round before `round` gave (who gives to whom in its exchange). */
function titlesBefore(round) {
  for (const step of doc.steps) {
    const ended = step.then.find((e) => e.type === "RoundEnded" && e.round === round - 1);
    if (ended) return ended.titles;
  }
  return [];
}

function then(event) {
  switch (event.type) {
    case "TrickEnded": return t("event-TrickEnded", { name: name(event.winner) });
    case "PlayerFinished": return t("event-PlayerFinished", { name: name(event.seat), place: event.place, title: event.title });
    case "OrderReversed": return t("event-OrderReversed", { name: name(event.seat), reversed: event.reversed ? "yes" : "no" });
    case "RoundEnded": return `${t("web-round-over", { round: event.round })} ${event.finish_order
      .map((seat) => `${name(seat)} (${t(`title-${event.titles[seat]}`)}, +${event.points[seat]})`).join(", ")}`;
    case "GameEnded": return `${t("web-game-over")} ${event.scores.map((s, seat) => `${name(seat)}: ${s}`).join(", ")}`;
    case "CardsGiven": return t("event-CardsGiven", {
      giver: name(event.giver), receiver: name(event.receiver), count: event.count,
      title: titlesBefore(event.round)[event.receiver] ?? "president",
    });
    case "PlayStarted": return t("event-PlayStarted", { leader: name(event.leader) });
    default: return null;
  }
}

function renderStep() {
  const step = doc.steps[at];
  const table = step.table;
  $("step-label").textContent = t("replay-step", { step: at + 1, steps: doc.steps.length, round: step.round });
  $("step-link").href = `#v${step.version}`;
  $("step-move").textContent = describe(step);
  $("step-move").dataset.version = step.version;
  $("step-then").replaceChildren(...step.then.map(then).filter(Boolean).map((text) => el("li", text)));
  $("replay-trick").replaceChildren(...table.trick.map((move) => {
    const li = el("li");
    li.dataset.seat = move.seat;
    li.append(el("span", name(move.seat)));
    if (move.cards.length) li.append(...chips(move.cards));
    else li.append(el("span", t("table-passed")));
    return li;
  }));
  $("hands").replaceChildren(...table.hands.map((hand, seat) => {
    const li = el("li");
    li.dataset.seat = seat;
    li.dataset.toAct = String(table.to_act === seat);
    li.dataset.cards = hand.join(" ");
    const who = el("span", `${name(seat)} · ${t("web-seat-cards", { count: hand.length })}`);
    who.className = "who";
    li.append(who, ...chips(hand));
    return li;
  }));
  for (const [id, disabled] of [["first", at === 0], ["prev", at === 0], ["prev-trick", at === 0],
    ["next", at === doc.steps.length - 1], ["next-trick", at === doc.steps.length - 1],
    ["last", at === doc.steps.length - 1]]) $(id).disabled = disabled;
}

function renderMoves() {
  const list = $("moves");
  if (list.children.length !== doc.steps.length || list.dataset.lang !== locale()) {
    list.dataset.lang = locale();
    list.replaceChildren(...doc.steps.map((step) => {
      const li = el("li");
      const a = el("a", describe(step));
      a.href = `#v${step.version}`;
      li.append(a);
      return li;
    }));
  }
  [...list.querySelectorAll("a")].forEach((a, i) => {
    if (i === at) a.setAttribute("aria-current", "step");
    else a.removeAttribute("aria-current");
  });
}

main().catch((error) => {
  console.error(error);
  $("message").textContent = t("replay-unavailable");
});
