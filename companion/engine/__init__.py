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
)

__all__ = ["Chance", "Decision", "Engine", "Event", "GameState", "Option", "Outcome", "Request", "dice_label"]
