"""The upgrade phase at the end of rounds 1 and 2.

Seed: "Deal 5 random upgrade cards face up for both players to see. Then the player who is
currently losing the game can choose first or second. ... The player who upgrades first will
choose 1 card from the 5 upgrades publicly. The player who upgrades second will pick from the
remaining in secret. Players can opt to skip an upgrade to heal 7 HP." Extra upgrades are
spent from new fives, the first picker first, until both players are out of them.
"""

from __future__ import annotations

from cards.wording import article

from ...engine.core import Chance, Decision, Event, Option
from ...engine.steps import Question, StepCall, StepTable, push_front, step
from . import ledger
from .context import Game
from .standing import loser
from .state import HalfwishState, Player, Upgrading

SKIP = "skip"


def upgrade_phase_steps(state: HalfwishState) -> list[StepCall]:
    """The steps of a whole upgrade phase."""
    return [step("upgrade-start")]


def start_upgrades(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Begin the upgrade phase: deal five, then the order, then the picks."""
    state.upgrading = Upgrading()
    push_front(state, step("upgrade-deal"), step("upgrade-order"), step("upgrade-picks"))
    return [Event("upgrade", f"Upgrade phase: deal {engine.rules.upgrades_dealt} upgrades face up")]


def deal_upgrades(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Deal a fresh five (reshuffling the discards when the deck runs short)."""
    if len(state.upgrade_deck) < engine.rules.upgrades_dealt:
        state.upgrade_deck, state.upgrade_discard = state.upgrade_deck + state.upgrade_discard, []
    count = min(engine.rules.upgrades_dealt, len(state.upgrade_deck))
    push_front(state, *[step("upgrade-card")] * count)
    return []


def ask_upgrade_card(engine: Game, state: HalfwishState, item: StepCall) -> Chance:
    """Which upgrade is dealt (a chance draw)."""
    return Chance("draw", "Deal an upgrade card face up", options=tuple(state.upgrade_deck))


def answer_upgrade_card(engine: Game, state: HalfwishState, item: StepCall, card: str) -> list[Event]:
    """Add the dealt upgrade to the offer."""
    state.upgrade_deck.remove(card)
    state.upgrade_phase.offer.append(card)
    if not engine.explain:
        return []
    return [Event("upgrade-deal", f"Upgrade dealt: {engine.catalog.name(card)}", {"card": card})]


def order_chooser(engine: Game, state: HalfwishState) -> int:
    """The player who is losing; if nobody is, the player who started the round (ruling upgrade-order-tie)."""
    behind = loser(engine, state)
    return state.round_starter if behind is None else behind


def ask_order(engine: Game, state: HalfwishState, item: StepCall) -> Decision:
    """The losing player chooses to pick first or second."""
    seat = order_chooser(engine, state)
    options = (Option("first", "Pick first (publicly)"), Option("second", "Pick second (in secret)"))
    return Decision(seat, f"{state.players[seat].name} is losing: pick upgrades first or second?", options,
                    kind="upgrade-order")


def answer_order(engine: Game, state: HalfwishState, item: StepCall, answer: str) -> list[Event]:
    """Record who picks first."""
    seat = order_chooser(engine, state)
    state.upgrade_phase.first = seat if answer == "first" else 1 - seat
    return [Event("upgrade-order", f"{state.players[state.upgrade_phase.first].name} picks first")]


def regular_picks(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """The first (public) pick, then the second (secret) pick, then any extra upgrades."""
    first = state.upgrade_phase.first
    push_front(state, step("upgrade-pick", seat=first, public=True, extra=False),
               step("upgrade-pick", seat=1 - first, public=False, extra=False), step("upgrade-extra"))
    return []


def basic_copies(player: Player, action: str) -> int:
    """How many unupgraded copies of an action the player's deck holds."""
    return player.deck.count(action)


def eligible(engine: Game, player: Player, offer: list[str]) -> list[str]:
    """Upgrades the player can take: those whose basic action they still hold unupgraded."""
    return [u for u in dict.fromkeys(offer) if basic_copies(player, engine.catalog.base_action(u)) > 0]


def ask_pick(engine: Game, state: HalfwishState, item: StepCall) -> Decision:
    """A player picks an upgrade they can use, or skips it to heal."""
    player = state.players[item["seat"]]
    heal = engine.rules.skip_upgrade_heal
    options = [Option(u, f"{engine.catalog.name(u)} (replaces "
                         f"{article(engine.catalog.name(engine.catalog.base_action(u)))})")
               for u in eligible(engine, player, state.upgrade_phase.offer)]
    options.append(Option(SKIP, f"Skip the upgrade and heal {heal} HP"))
    how = "publicly" if item["public"] else "in secret"
    kind = "an extra upgrade" if item["extra"] else "an upgrade"
    return Decision(item["seat"], f"{player.name}: pick {kind} {how}", tuple(options), kind="upgrade-pick",
                    secret=not item["public"])


def answer_pick(engine: Game, state: HalfwishState, item: StepCall, answer: str) -> list[Event]:
    """Install the upgrade or heal for skipping."""
    seat, player = item["seat"], state.players[item["seat"]]
    if item["extra"]:
        player.extra_upgrades -= 1
    if answer == SKIP:
        return [Event("upgrade", f"{player.name} skips the upgrade")] + ledger.heal(
            state, engine.rules, seat, engine.rules.skip_upgrade_heal, "skipping an upgrade")
    state.upgrade_phase.offer.remove(answer)
    shown = engine.catalog.name(answer) if item["public"] else "an upgrade (secret)"
    if not item["public"]:
        player.secret_upgrades.append(answer)
    events = [Event("upgrade", f"{player.name} takes {shown}", {"seat": seat, "card": answer})]
    return events + install(engine, state, seat, answer, secret=not item["public"])


def install(engine: Game, state: HalfwishState, seat: int, upgrade: str, secret: bool = False) -> list[Event]:
    """Replace one basic copy; ask which when the player holds it both innate and not (in secret
    after a secret pick: the question names the upgrade)."""
    player = state.players[seat]
    action = engine.catalog.base_action(upgrade)
    innate = player.innate.count(action)
    plain = basic_copies(player, action) - innate
    if innate and plain:
        push_front(state, step("upgrade-copy", seat=seat, upgrade=upgrade, action=action, secret=secret))
        return []
    replace_copy(player, action, upgrade, innate=bool(innate), gives_innate=engine.profiles[upgrade].innate,
                 secret=secret)
    return []


def replace_copy(player: Player, action: str, upgrade: str, innate: bool, gives_innate: bool = False,
                 secret: bool = False) -> None:
    """The deck keeps its size: one copy of `action` becomes `upgrade`; an innate copy stays
    innate, and an upgrade that is Innate itself (Iron Wall) makes its card innate. `secret` (a
    secret pick): a copy out of the face-up discard pile is swapped if there is one, so the
    discard shown on the shared screen does not give the upgrade away (every pile is dealt again
    from the deck when the next round starts, so which copy changes nothing else)."""
    player.deck[player.deck.index(action)] = upgrade
    if innate:
        player.innate[player.innate.index(action)] = upgrade
    elif gives_innate:
        player.innate.append(upgrade)
    piles = (player.pile, player.hand, player.discard) if secret else (player.discard, player.pile, player.hand)
    for pile in piles:   # the physical card is swapped too
        if action in pile:
            pile[pile.index(action)] = upgrade
            return


def ask_copy(engine: Game, state: HalfwishState, item: StepCall) -> Decision:
    """Which copy an upgrade replaces when the player has an innate and a plain one."""
    name = engine.catalog.name(item["action"])
    options = (Option("innate", f"Upgrade the Innate {name}"), Option("basic", f"Upgrade a non-innate {name}"))
    return Decision(item["seat"], f"{state.players[item['seat']].name}: which {name} does "
                                  f"{engine.catalog.name(item['upgrade'])} replace?", options, kind="upgrade-copy",
                    secret=bool(item.get("secret")))


def answer_copy(engine: Game, state: HalfwishState, item: StepCall, answer: str) -> list[Event]:
    """Replace the chosen copy."""
    replace_copy(state.players[item["seat"]], item["action"], item["upgrade"], innate=answer == "innate",
                 gives_innate=engine.profiles[item["upgrade"]].innate, secret=bool(item.get("secret")))
    return []


def extra_upgrades(engine: Game, state: HalfwishState, item: StepCall) -> list[Event]:
    """Discard the offer; deal new fives while anyone has extra upgrades."""
    upgrading = state.upgrade_phase
    state.upgrade_discard += upgrading.offer
    upgrading.offer = []
    first = upgrading.first
    pickers = [s for s in (first, 1 - first) if state.players[s].extra_upgrades > 0]
    if not pickers:
        state.upgrading = None
        return []
    upgrading.batch += 1
    push_front(state, step("upgrade-deal"),
               *[step("upgrade-pick", seat=s, public=True, extra=True) for s in pickers], step("upgrade-extra"))
    return [Event("upgrade", "Extra upgrades: the rest are discarded face down and 5 new upgrades are dealt")]


STEPS = StepTable(
    questions={"upgrade-card": Question(ask_upgrade_card, answer_upgrade_card), "upgrade-order": Question(ask_order, answer_order), "upgrade-pick": Question(ask_pick, answer_pick), "upgrade-copy": Question(ask_copy, answer_copy)},
    automatic={"upgrade-start": start_upgrades, "upgrade-deal": deal_upgrades, "upgrade-picks": regular_picks, "upgrade-extra": extra_upgrades},
)
