"""Setup, rounds and turns: who starts, DV rolls, drawing, the hand limit, encounters, round end.

Seed: shared/seeds/000_31f951a0fcdbf220.txt, "Playing the game" steps 1-7.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.core import Chance, Decision, Event, Option
from . import ledger
from .catalog import multiset_minus
from .effects import effects_at, queue_card, queue_effects
from .standing import loser
from .state import NEGATIVE_STATUSES, TURN_STATUSES, HalfwishState, Player
from .steps import Step, automatic, push_back, push_front, question, step

if TYPE_CHECKING:
    from .engine import HalfwishEngine


# -- setup ------------------------------------------------------------------------------

def ask_class(engine: HalfwishEngine, state: HalfwishState, item: Step) -> Decision:
    """A player chooses a class."""
    options = tuple(Option(c, engine.catalog.name(c)) for c in engine.catalog.classes())
    return Decision(item["seat"], f"{state.players[item['seat']].name}: choose your class", options, kind="class")


@question("class", ask_class)
def answer_class(engine: HalfwishEngine, state: HalfwishState, item: Step, answer: str) -> list[Event]:
    """Build the chosen class's deck."""
    give_class(engine, state.players[item["seat"]], answer)
    return [Event("class", f"{state.players[item['seat']].name} plays the {engine.catalog.name(answer)}")]


def give_class(engine: HalfwishEngine, player: Player, cls: str) -> None:
    """Build the player's 10-card action deck from their class card."""
    player.cls = cls
    player.deck = engine.catalog.class_deck(cls)
    player.innate = engine.catalog.class_innate(cls)


def ask_power(engine: HalfwishEngine, state: HalfwishState, item: Step) -> Decision:
    """A player secretly chooses one more power."""
    player = state.players[item["seat"]]
    left = [p for p in engine.catalog.power_choices() if p not in player.powers]
    options = tuple(Option(p, f"{engine.catalog.name(p)} ({engine.catalog.card(p).get('category')})") for p in left)
    count = engine.rules.powers_chosen
    return Decision(item["seat"], f"{player.name}: choose power {len(player.powers) + 1} of {count} in secret "
                                  f"(you have seen your opponent's class)", options, kind="power-choice")


@question("power-choice", ask_power)
def answer_power(engine: HalfwishEngine, state: HalfwishState, item: Step, answer: str) -> list[Event]:
    """Record the secret power choice."""
    state.players[item["seat"]].powers.append(answer)
    return [Event("power-choice", f"{state.players[item['seat']].name} has chosen a power (secret)")]


def setup_steps(engine: HalfwishEngine, state: HalfwishState, options: dict[str, Any]) -> None:
    """Queue the class and power choices the options did not already make, then the game."""
    classes = list(options.get("classes") or [])
    powers = list(options.get("powers") or [])
    for seat, player in enumerate(state.players):
        if seat < len(classes):
            give_class(engine, player, classes[seat])
        else:
            push_back(state, step("class", seat=seat))
    for seat, player in enumerate(state.players):
        if seat < len(powers):
            player.powers = list(powers[seat])
        else:
            push_back(state, *[step("power-choice", seat=seat)] * engine.rules.powers_chosen)
    if "first_player" not in options:
        push_back(state, step("first-player"))
    push_back(state, step("start-game"))


def ask_first_player(engine: HalfwishEngine, state: HalfwishState, item: Step) -> Decision:
    """Seed: "Decide who starts the game"."""
    options = tuple(Option(f"p{seat + 1}", p.name) for seat, p in enumerate(state.players))
    return Decision(0, "Who starts the game?", options, kind="first-player")


@question("first-player", ask_first_player)
def answer_first_player(engine: HalfwishEngine, state: HalfwishState, item: Step, answer: str) -> list[Event]:
    """Record who starts the game."""
    state.first_player = int(answer[1:]) - 1
    return [Event("first-player", f"{state.players[state.first_player].name} will start the game")]


@automatic("start-game")
def start_game(engine: HalfwishEngine, state: HalfwishState, item: Step) -> list[Event]:
    """Deal health and mana and begin round 1."""
    for player in state.players:
        player.health, player.mana = engine.rules.health, engine.rules.mana_start
    state.started = True
    push_front(state, step("round-start"))
    first = state.players[state.first_player].name
    return [Event("start", f"The game begins: {first} starts. Both players have Halfwish and Feint, "
                           f"{engine.rules.mana_start} mana and {engine.rules.health} health.")]


# -- rounds -----------------------------------------------------------------------------

def round_starter(engine: HalfwishEngine, state: HalfwishState) -> int:
    """Round 1: who starts the game; round 2: the other player; round 3: whoever is losing."""
    if state.round == 1:
        return state.first_player
    if state.round == 2:
        return 1 - state.first_player
    behind = loser(engine, state)
    return state.first_player if behind is None else behind


@automatic("round-start")
def start_round(engine: HalfwishEngine, state: HalfwishState, item: Step) -> list[Event]:
    """Pick the round's starter, gain mana, reshuffle action decks, lay a new map."""
    state.turn, state.round_starter = 1, round_starter(engine, state)
    events = [Event("round", f"Round {state.round} begins; {state.players[state.round_starter].name} starts it")]
    for seat, player in enumerate(state.players):
        events += _prepare_player(engine, state, seat, player)
    state.map_slots = [""] * engine.rules.map_cards_per_round
    if len(state.map_deck) < engine.rules.map_cards_per_round:
        state.map_deck, state.map_discard = state.map_deck + state.map_discard, []
    push_front(state, step("turn-start"))
    return events


def _prepare_player(engine: HalfwishEngine, state: HalfwishState, seat: int, player: Player) -> list[Event]:
    player.spent_basics = []
    player.hand = list(player.innate)
    player.pile = multiset_minus(player.deck, player.innate)
    player.hidden, player.discard = 0, []
    events = []
    if state.round in engine.rules.mana_gain_rounds:
        player.mana += engine.rules.mana_gain
        events.append(Event("mana", f"{player.name} gains {engine.rules.mana_gain} mana: {player.mana}"))
    if player.innate:
        names = ", ".join(engine.catalog.name(c) for c in player.innate)
        events.append(Event("innate", f"{player.name} starts the round with {names} in hand (Innate)"))
    return events


# -- turns ------------------------------------------------------------------------------

@automatic("turn-start")
def start_turn(engine: HalfwishEngine, state: HalfwishState, item: Step) -> list[Event]:
    """Poison, then DV rolls, draws and the hand limit, then the encounter and the turn's end."""
    state.encounter, state.duel, state.nonbasic_played = "", None, [0, 0]
    tp = state.turn_player
    events = [Event("turn", f"Round {state.round}, turn {state.turn}: {state.players[tp].name}'s turn")]
    for seat in (tp, 1 - tp):
        if state.players[seat].has_status("poisoned"):
            events += ledger.deal_damage(state, engine.rules, seat, engine.rules.poison_damage, "Poison")
    steps = [s for seat in (tp, 1 - tp) for s in _roll_steps(state, seat)]
    steps += [s for seat in (tp, 1 - tp) for s in draw_steps(state, seat, _draw_count(engine, state, seat))]
    steps += [step("hand-limit", seat=seat) for seat in (tp, 1 - tp)]
    push_front(state, *steps, step("encounter", seat=tp), step("turn-end"))
    return events


def _roll_steps(state: HalfwishState, seat: int) -> list[Step]:
    player = state.players[seat]
    if player.keep_dv:
        player.keep_dv = False
        return []
    return [step("roll", seat=seat)]


def _draw_count(engine: HalfwishEngine, state: HalfwishState, seat: int) -> int:
    """The draw schedule; on turn 1 innate cards count among the cards drawn."""
    count = engine.rules.draw_schedule[state.turn - 1]
    return max(0, count - len(state.players[seat].innate)) if state.turn == 1 else count


def ask_roll(engine: HalfwishEngine, state: HalfwishState, item: Step) -> Chance:
    """A player's secret DV roll."""
    name = state.players[item["seat"]].name
    return Chance("roll", f"{name} rolls their DV in secret", item["seat"], tuple(engine.rules.dv_dice))


@question("roll", ask_roll)
def answer_roll(engine: HalfwishEngine, state: HalfwishState, item: Step, faces: list[int]) -> list[Event]:
    """The roll becomes the player's DV."""
    player = state.players[item["seat"]]
    player.roll, player.dv_gain = sum(faces), 0
    return [Event("roll", f"{player.name} rolls a DV of {player.roll} (secret)",
                  {"seat": item["seat"], "faces": faces})]


# -- drawing and the hand limit -----------------------------------------------------------

def draw_steps(state: HalfwishState, seat: int, count: int) -> list[Step]:
    """Steps that draw `count` cards for `seat` (fewer if the deck runs out)."""
    return [step("draw", seat=seat, count=count)] if count > 0 else []


@automatic("draw")
def draw(engine: HalfwishEngine, state: HalfwishState, item: Step) -> list[Event]:
    """Draw cards: counted at the table, dealt one by one in simulation."""
    player, count = state.players[item["seat"]], int(item["count"])
    unseen = len(player.pile) - player.hidden
    count = min(count, unseen)
    if count <= 0:
        return []
    if state.hidden_hands:
        player.hidden += count
        return [Event("draw", f"{player.name} draws {count} card(s): {player.hand_size} in hand")]
    push_front(state, *[step("draw-card", seat=item["seat"])] * count)
    return []


def ask_draw_card(engine: HalfwishEngine, state: HalfwishState, item: Step) -> Chance:
    """Which card is drawn (a chance draw from the pile)."""
    player = state.players[item["seat"]]
    return Chance("draw", f"{player.name} draws an action card", item["seat"], options=tuple(player.pile))


@question("draw-card", ask_draw_card)
def answer_draw_card(engine: HalfwishEngine, state: HalfwishState, item: Step, card: str) -> list[Event]:
    """Move the drawn card to the hand."""
    player = state.players[item["seat"]]
    player.pile.remove(card)
    player.hand.append(card)
    return [Event("draw", f"{player.name} draws a card: {player.hand_size} in hand", {"seat": item["seat"]})]


def candidates(player: Player) -> list[str]:
    """Cards the player may name from their hand: seen ones, or any unseen card of the pile."""
    pool = player.hand + (player.pile if player.hidden else [])
    return list(dict.fromkeys(pool))


def take_from_hand(player: Player, card: str) -> None:
    """Remove a named card from the hand (an unseen one comes out of the pile)."""
    if card in player.hand:
        player.hand.remove(card)
    else:
        player.pile.remove(card)
        player.hidden -= 1


@automatic("hand-limit")
def hand_limit(engine: HalfwishEngine, state: HalfwishState, item: Step) -> list[Event]:
    """Ask for discards while a hand is over the limit."""
    if state.players[item["seat"]].hand_size > engine.rules.hand_limit:
        push_front(state, step("discard", seat=item["seat"]), dict(item))
    return []


def ask_discard(engine: HalfwishEngine, state: HalfwishState, item: Step) -> Decision:
    """Which card the player discards face up."""
    player = state.players[item["seat"]]
    options = tuple(Option(c, engine.catalog.name(c)) for c in candidates(player))
    return Decision(item["seat"], f"{player.name} holds {player.hand_size} cards: discard one face up "
                                  f"(hand limit {engine.rules.hand_limit})", options, kind="discard")


@question("discard", ask_discard)
def answer_discard(engine: HalfwishEngine, state: HalfwishState, item: Step, card: str) -> list[Event]:
    """Discard the named card."""
    player = state.players[item["seat"]]
    take_from_hand(player, card)
    player.discard.append(card)
    return [Event("discard", f"{player.name} discards {engine.catalog.name(card)} face up")]


# -- encounters -------------------------------------------------------------------------

def ask_encounter(engine: HalfwishEngine, state: HalfwishState, item: Step) -> Decision:
    """The turn player chooses Duel, Scout or Parley (no Duel while Stunned)."""
    player = state.players[item["seat"]]
    choices = [("scout", "Scout: offer to reveal the location"), ("parley", "Parley: offer a truce")]
    if not player.has_status("stunned"):
        choices.insert(0, ("duel", "Duel: start a duel as the aggressor"))
    return Decision(item["seat"], f"{player.name}: Duel, Scout or Parley?",
                    tuple(Option(i, label) for i, label in choices), kind="encounter")


@question("encounter", ask_encounter)
def answer_encounter(engine: HalfwishEngine, state: HalfwishState, item: Step, answer: str) -> list[Event]:
    """Start the duel, or offer the scout or parley."""
    seat, name = item["seat"], state.players[item["seat"]].name
    state.encounter = answer
    if answer == "duel":
        push_front(state, step("duel-start", aggressor=seat))
        return [Event("encounter", f"{name} starts a duel")]
    push_front(state, step("respond", seat=1 - seat, offer=answer))
    return [Event("encounter", f"{name} offers to {answer}")]


def ask_respond(engine: HalfwishEngine, state: HalfwishState, item: Step) -> Decision:
    """The opponent accepts the offer or declines and duels (not while Stunned)."""
    player = state.players[item["seat"]]
    options = [Option("accept", f"Accept the {item['offer']}")]
    if not player.has_status("stunned"):
        options.append(Option("decline", "Decline and start a duel as the aggressor"))
    return Decision(item["seat"], f"{player.name}: accept the {item['offer']} or decline and duel?",
                    tuple(options), kind="respond")


@question("respond", ask_respond)
def answer_respond(engine: HalfwishEngine, state: HalfwishState, item: Step, answer: str) -> list[Event]:
    """Reveal the location for an accepted offer, or start the decliner's duel."""
    seat, name, offer = item["seat"], state.players[item["seat"]].name, item["offer"]
    if answer == "decline":
        state.encounter = "duel"
        push_front(state, step("duel-start", aggressor=seat))
        return [Event("respond", f"{name} declines the {offer} and starts a duel")]
    state.encounter = f"{offer}-accepted"
    if offer == "scout":
        push_front(state, *reveal_steps(state, "scout", 1 - seat))
        return [Event("respond", f"{name} accepts the scout: the location is revealed and applies")]
    push_front(state, *reveal_steps(state, "parley", 1 - seat), step("parley-end"))
    return [Event("respond", f"{name} accepts the parley: the location is revealed with its effect disabled")]


@automatic("parley-end")
def parley_end(engine: HalfwishEngine, state: HalfwishState, item: Step) -> list[Event]:
    """Count the parley streak, pay compensation, ask who keeps their DV."""
    state.parley_streak += 1
    events = []
    if state.parley_streak >= engine.rules.parley_streak_for_compensation:
        state.parley_streak = 0
        events += _parley_compensation(engine, state)
    tp = state.turn_player
    push_front(state, step("keep-dv", seat=tp), step("keep-dv", seat=1 - tp))
    return events


def _parley_compensation(engine: HalfwishEngine, state: HalfwishState) -> list[Event]:
    """Two accepted parleys in a row: the player with fewer points scores compensation."""
    p0, p1 = (p.points for p in state.players)
    if p0 == p1:
        return [Event("parley", "Two parleys in a row, but points are tied: no compensation point")]
    behind = 0 if p0 < p1 else 1
    return ledger.score(state, behind, engine.rules.parley_compensation_points,
                        "compensation for two parleys in a row")


def ask_keep_dv(engine: HalfwishEngine, state: HalfwishState, item: Step) -> Decision:
    """After a parley: keep the DV for the next turn or reroll."""
    player = state.players[item["seat"]]
    options = (Option("reroll", "Reroll your DV next turn"), Option("keep", "Keep your DV for one more turn"))
    return Decision(item["seat"], f"{player.name}: keep your DV ({ledger.dice_value(engine.rules, player)}) "
                                  f"for the next turn or reroll?", options, kind="keep-dv")


@question("keep-dv", ask_keep_dv)
def answer_keep_dv(engine: HalfwishEngine, state: HalfwishState, item: Step, answer: str) -> list[Event]:
    """Record the keep-or-reroll choice."""
    player = state.players[item["seat"]]
    keeps = answer == "keep"
    player.keep_dv = keeps
    return [Event("keep-dv", f"{player.name} {'keeps their DV' if keeps else 'will reroll'}")]


# -- locations ----------------------------------------------------------------------------

def reveal_steps(state: HalfwishState, context: str, revealer: int) -> list[Step]:
    """Flip the current location if it is face down, then apply what the context allows."""
    flip = [step("flip")] if not state.location else []
    return flip + [step("location", context=context, revealer=revealer)]


def ask_flip(engine: HalfwishEngine, state: HalfwishState, item: Step) -> Chance:
    """Which location the face-down card is (a chance draw from the map deck)."""
    return Chance("draw", f"Flip the location of turn {state.turn}", options=tuple(state.map_deck))


@question("flip", ask_flip)
def answer_flip(engine: HalfwishEngine, state: HalfwishState, item: Step, card: str) -> list[Event]:
    """Place the revealed location."""
    state.map_deck.remove(card)
    state.map_slots[state.turn - 1] = card
    info = engine.catalog.card(card)
    return [Event("location", f"The location is {info.name} ({info.get('category')}): {engine.catalog.text(card)}",
                  {"card": card})]


@automatic("location")
def location_effects(engine: HalfwishEngine, state: HalfwishState, item: Step) -> list[Event]:
    """Queue the location's effects that apply in this context."""
    card, context, revealer = state.location, item["context"], int(item["revealer"])
    if context == "parley":
        queue_card(engine, state, card, revealer, "parley")
        return [Event("location", f"The parley disables {engine.catalog.name(card)}'s effect")]
    elif context == "scout":
        # ruling treasure-rewards-after-tally: an accepted scout gives the reward to the scout
        queue_effects(state, _effects(engine, card, "duel_end", "win"), revealer, card, winner=revealer)
        queue_card(engine, state, card, revealer, "reveal", "scout")
    elif context == "duel":
        queue_card(engine, state, card, revealer, "reveal", "showdown")
    return []


def _effects(engine: HalfwishEngine, card: str, *whens: str) -> list[dict[str, Any]]:
    return effects_at(engine, card, *whens)


def ask_wish(engine: HalfwishEngine, state: HalfwishState, item: Step) -> Decision:
    """A player with enough lamps claims a wish."""
    player = state.players[item["seat"]]
    options = tuple(Option(str(i), _wish_label(w)) for i, w in enumerate(engine.rules.wish_options))
    return Decision(item["seat"], f"{player.name} has {player.lamps} lamps: claim a wish", options, kind="wish")


def _wish_label(effect: dict[str, Any]) -> str:
    verbs = {"points": "score {amount} points", "heal": "heal {amount} HP", "mana": "gain {amount} mana"}
    return verbs.get(effect["op"], "{op} {amount}").format(**effect)


@question("wish", ask_wish)
def answer_wish(engine: HalfwishEngine, state: HalfwishState, item: Step, answer: str) -> list[Event]:
    """Grant the chosen wish."""
    player = state.players[item["seat"]]
    player.wishes_claimed += 1
    wish = dict(engine.rules.wish_options[int(answer)])
    push_front(state, step("effect", effect=wish, owner=item["seat"], source="wish"))
    return [Event("wish", f"{player.name} claims a wish: {_wish_label(wish)}")]


# -- the end of a turn and of a round ---------------------------------------------------------

@automatic("turn-end")
def end_turn(engine: HalfwishEngine, state: HalfwishState, item: Step) -> list[Event]:
    """Turn-end effects and wishes, then close the turn."""
    if state.encounter != "parley-accepted":
        state.parley_streak = 0
    delayed, state.end_of_turn = state.end_of_turn, []
    push_front(state, *delayed, *_wish_steps(engine, state), step("turn-close"))
    return []


def _wish_steps(engine: HalfwishEngine, state: HalfwishState) -> list[Step]:
    steps = []
    for seat, player in enumerate(state.players):
        due = player.lamps // engine.rules.lamps_for_wish - player.wishes_claimed
        steps += [step("wish", seat=seat)] * max(0, due)
    return steps


@automatic("turn-close")
def close_turn(engine: HalfwishEngine, state: HalfwishState, item: Step) -> list[Event]:
    """Turn-long effects end; the next turn or the round's end follows."""
    for player in state.players:
        _end_turn_effects(engine, player)
    state.duel = None
    if state.turn < engine.rules.turns_per_round:
        state.turn += 1
        push_front(state, step("turn-start"))
    else:
        push_front(state, step("round-end"))
    return []


def _end_turn_effects(engine: HalfwishEngine, player: Player) -> None:
    """Turn-long statuses and DV modifiers end; a kept DV becomes the next turn's roll."""
    for status in TURN_STATUSES:
        player.statuses.pop(status, None)
    if player.has_status("stunned"):
        player.statuses["stunned"] -= 1
    for status in [s for s, n in player.statuses.items() if n <= 0]:
        del player.statuses[status]
    if player.keep_dv:
        player.roll = ledger.dice_value(engine.rules, player)
    player.dv_gain = player.dv_passive = player.strike_bonus = 0


@automatic("round-end")
def end_round(engine: HalfwishEngine, state: HalfwishState, item: Step) -> list[Event]:
    """Discard the map; the game ends after the last round, else the upgrade phase."""
    state.map_discard += [c for c in state.map_slots if c]
    state.map_slots = []
    if state.round >= engine.rules.rounds:
        state.finished = True
        return [Event("game-end", f"Round {state.round} is over: the game ends")]
    from .upgrades import upgrade_phase_steps
    push_front(state, *upgrade_phase_steps(state), step("round-reset"))
    return [Event("round-end", f"Round {state.round} is over: discard the map; the upgrade phase begins")]


@automatic("round-reset")
def reset_round(engine: HalfwishEngine, state: HalfwishState, item: Step) -> list[Event]:
    """Negative effects end, both players heal, the next round starts."""
    events = []
    for seat, player in enumerate(state.players):
        for status in NEGATIVE_STATUSES + TURN_STATUSES:
            player.statuses.pop(status, None)
        player.dv_gain = player.dv_passive = player.strike_bonus = 0
        events += ledger.heal(state, engine.rules, seat, engine.rules.heal_between_rounds, "the end of the round")
    state.round += 1
    push_front(state, step("round-start"))
    return events
