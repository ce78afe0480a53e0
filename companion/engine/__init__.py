"""Engine core: state, requests, events, outcomes, drivers and the registry."""

from .core import (
    Chance,
    Decision,
    Engine,
    Event,
    GameState,
    Option,
    Outcome,
    Request,
    dice_label,
    request_kind,
)

__all__ = ["Chance", "Decision", "Engine", "Event", "GameState", "Option", "Outcome", "Request", "dice_label", "request_kind"]
