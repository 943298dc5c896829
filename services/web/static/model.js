// What the table shows, as of the last event the display queue let through: rebuilt from
// a seat view (on entering, after a gap), then moved on event by event (public data only).

/** The table as a seat view shows it. */
export function fromView(reply) {
  const view = reply.view;
  const trick = view.trick.map((m) => ({ seat: m.seat, cards: m.cards }));
  return {
    version: reply.stream_version,
    round: view.round,
    rounds: view.options.rounds,
    players: view.players,
    phase: view.phase,
    handSizes: [...view.hand_sizes],
    scores: [...view.scores],
    finished: [...view.finished],
    trick,
    lastTrick: null, // the trick just won, shown until the next play: {moves, winner}
    reversed: view.reversed,
    toAct: view.to_act,
    results: view.results.map((r) => ({ ...r })),
    exchanges: [], // this round's transfers: {kind, giver, receiver, count}
    deadlines: {}, // seat -> deadline (ms) of its turn
    away: {},
    summary: null, // a round just ended: what its summary shows
    log: [], // this session's moves: {round, seat, cards}
  };
}

/** Bring the model to `reply`'s facts once the display has caught up with it. */
export function reconcile(shown, reply) {
  const view = reply.view;
  shown.handSizes = [...view.hand_sizes];
  shown.scores = [...view.scores];
  shown.finished = [...view.finished];
  shown.toAct = view.to_act;
  shown.reversed = view.reversed;
  shown.phase = view.phase;
  if (view.trick.length) shown.trick = view.trick.map((m) => ({ seat: m.seat, cards: m.cards }));
  shown.results = view.results.map((r) => ({ ...r }));
}

/** Move `shown` on by one public event; returns what a person should be told of it (or
 * null): {kind, ...}. */
export function applyEvent(shown, event) {
  const data = event.data;
  shown.version = Math.max(shown.version, event.version);
  switch (event.event_type) {
    case "RoundDealt":
      Object.assign(shown, {
        round: data.round, handSizes: [...data.hand_sizes], finished: [], trick: [],
        lastTrick: null, phase: "deal", exchanges: [], toAct: null, reversed: false, summary: null,
      });
      return { kind: "dealt", round: data.round, leader: data.leader };
    case "ExchangeStarted":
      shown.phase = "exchange";
      return null;
    case "CardsGiven":
    case "CardsReturned": {
      shown.handSizes[data.giver] -= data.count;
      shown.handSizes[data.receiver] += data.count;
      const kind = event.event_type === "CardsGiven" ? "gave" : "returned";
      shown.exchanges.push({ kind, giver: data.giver, receiver: data.receiver, count: data.count });
      return { kind, ...data };
    }
    case "PlayStarted":
      Object.assign(shown, { phase: "play", toAct: data.leader, trick: [], lastTrick: null });
      return { kind: "started", leader: data.leader };
    case "CardsPlayed":
    case "Passed": {
      if (shown.trick.length === 0) shown.lastTrick = null;
      const cards = data.cards ?? [];
      shown.trick.push({ seat: data.seat, cards });
      shown.handSizes[data.seat] -= cards.length;
      shown.log.push({ round: data.round, seat: data.seat, cards });
      delete shown.deadlines[data.seat];
      shown.toAct = null;
      return { kind: cards.length ? "played" : "passed", seat: data.seat, cards };
    }
    case "OrderReversed":
      shown.reversed = data.reversed;
      return { kind: "reversed", seat: data.seat, reversed: data.reversed };
    case "PlayerFinished":
      shown.finished.push(data.seat);
      return { kind: "finished", ...data };
    case "TrickEnded":
      shown.lastTrick = { moves: shown.trick, winner: data.winner };
      shown.trick = [];
      shown.toAct = data.leader;
      return { kind: "trick", winner: data.winner, leader: data.leader };
    case "RoundEnded": {
      const result = {
        round: data.round, finish_order: data.finish_order, points: data.points, titles: data.titles,
      };
      if (!shown.results.some((r) => r.round === data.round)) shown.results.push(result);
      shown.scores = [...data.scores];
      shown.summary = {
        ...result, scores: [...data.scores],
        lastTrick: shown.trick.length ? shown.trick : shown.lastTrick?.moves ?? [],
        exchanges: shown.exchanges,
      };
      shown.phase = "deal";
      shown.toAct = null;
      return { kind: "round", round: data.round };
    }
    case "GameEnded":
      shown.phase = "game_over";
      shown.scores = [...data.scores];
      shown.toAct = null;
      return { kind: "over" };
    case "TurnDeadlineSet":
      if (data.deadline && data.seconds > 0) shown.deadlines[data.seat] = Date.parse(data.deadline);
      else delete shown.deadlines[data.seat];
      if (shown.phase === "play") shown.toAct = data.seat;
      return null;
    case "TurnTimedOut":
      delete shown.deadlines[data.seat];
      return { kind: "timeout", seat: data.seat };
    case "SeatAway":
      shown.away[data.seat] = true;
      return { kind: "away", seat: data.seat };
    case "SeatBack":
      shown.away[data.seat] = false;
      return { kind: "back", seat: data.seat };
    case "SeatLeft":
      shown.away[data.seat] = true;
      return { kind: "left", seat: data.seat };
    default:
      return null;
  }
}

/** The seats with the most points (more than one: a tie). */
export function winners(scores) {
  const best = Math.max(...scores);
  return scores.map((s, seat) => [s, seat]).filter(([s]) => s === best).map(([, seat]) => seat);
}
