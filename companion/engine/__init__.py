"""Engine core: the step machine, requests and events, setup options, hidden hands, drivers."""

from .core import Engine
from .jsondata import GameState
from .options import SetupOption
from .requests import Chance, Decision, Event, Option, Outcome, Request, dice_label, request_kind
from .steps import Question, StepState, StepTable, drop_steps, push_back, push_front, step

__all__ = ["Chance", "Decision", "Engine", "Event", "GameState", "Option", "Outcome", "Question",
           "Request", "SetupOption", "StepState", "StepTable", "dice_label", "drop_steps", "push_back",
           "push_front", "request_kind", "step"]
