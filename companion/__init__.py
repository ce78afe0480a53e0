"""The gamemaster companion: CLI, engine core, dice, sessions, game engines, simulation."""
