"""One package per game's rules engine: companion/games/<game_id with underscores>/."""
