"""War Hammer Space Empires: who is in transit over a planet (W5) when a move is undone.

The map (Void is deep space)::

    Orkworld(homeworld) - Void(deep space) - Piscina(rich planet) - Terra(homeworld)
                              |
                          Gorka(poor planet)

The Orks (seat 0) hold Piscina with a garrison; a Tyranid ship (seat 1) is in orbit over it.
"""

from __future__ import annotations

from warp_empires import Game
from warp_empires.testing import Position, events, play_until, units_in

from warp_modules.warhammer_space import SentBack

ZONES = "Orkworld:homeworld Void:deep_space Piscina:rich_planet Terra:homeworld Gorka:poor_planet"
EDGES = "Orkworld-Void Void-Piscina Piscina-Terra Void-Gorka"
ORKWORLD, VOID, PISCINA, TERRA, GORKA = range(5)


def orks_move(frm: int, to: int, *, decoy: bool) -> Game:
    """The Orks' move, battle and control phases: Piscina holds their Goffs Boyz and the
    Tyranids' Kraken in orbit; the Bad Moonz Boyz (in ``frm``) move to ``to``, and with
    ``decoy`` the Tyranids answer with Decoy Force: the Bad Moonz go back."""
    pos = Position("warhammer_space", ["orks", "tyranids"], ZONES, EDGES, seed=5)
    pos.place(0, PISCINA, "goffs_ork_boyz")
    pos.place(0, frm, "bad_moonz_ork_boyz")
    pos.place(1, PISCINA, "kraken")
    pos.set_control(0, ORKWORLD, PISCINA)
    pos.set_control(1, TERRA)
    (move,) = pos.give(0, "tactical_move")
    if decoy:
        pos.give(1, "decoy_force")
    game = pos.start(0, "move", "battle", "control")
    game.decide(f"card:{move}")
    game.decide(f"zone:{frm}")  # the stack
    if frm == PISCINA:
        bad_moonz = next(u for u in game.state.stack(PISCINA, 0) if game.state.units[u].type.id == "bad_moonz_ork_boyz")
        game.decide(f"unit:{bad_moonz}")  # the Bad Moonz alone leave
        game.decide("go")
    game.decide(f"zone:{to}")  # where they go
    if decoy:
        assert game.pending is not None and game.pending.kind == "reaction" and game.pending.player == 1
        (card,) = [o.id for o in game.pending.options if o.id != "pass"]
        game.decide(card)
    play_until(game)
    return game


def test_w5_a_garrison_sent_back_by_decoy_force_stands_on_its_planet_out_of_the_ships_reach():
    """Decoy Force undoes the Bad Moonz' move out of Piscina: they are back on its surface,
    where they stood, not a convoy that arrived this turn. The Kraken in orbit cannot reach
    them: no space battle, nothing lost, and Piscina stays the Orks'."""
    game = orks_move(PISCINA, VOID, decoy=True)
    assert [e["count"] for e in events(game, "move_undone")] == [1]
    assert events(game, "space_battle") == [] and events(game, "battle") == []
    assert units_in(game, PISCINA, 0) == ["bad_moonz_ork_boyz", "goffs_ork_boyz"]
    assert units_in(game, PISCINA, 1) == ["kraken"]
    assert game.state.control[PISCINA] == 0
    assert game.state.themes.get(SentBack) == SentBack()  # forgotten when the turn ends


def test_w5_ground_units_that_did_arrive_over_their_own_planet_are_in_transit():
    """The Bad Moonz fly in from the Void and arrive this turn: over Piscina they are still
    on their transport, and the Kraken beats it without loss (W5). The Goffs garrison on
    the surface is out of the Kraken's reach and stays."""
    game = orks_move(VOID, PISCINA, decoy=False)
    assert events(game, "space_battle") == [{"zone": PISCINA, "attacker": 0, "defender": 1, "transports": 1}]
    assert [e["unit"] for e in events(game, "unit_lost")] == ["Bad Moonz Ork Boyz"]
    assert units_in(game, PISCINA, 0) == ["goffs_ork_boyz"]
    assert units_in(game, PISCINA, 1) == ["kraken"]
    assert game.state.control[PISCINA] == 0


def test_w5_a_move_into_a_planet_undone_leaves_nobody_in_transit_there():
    """Decoy Force undoes the Bad Moonz' move from the Void into Piscina: nobody arrived,
    so there is no space battle over Piscina, and the Bad Moonz wait in the Void."""
    game = orks_move(VOID, PISCINA, decoy=True)
    assert events(game, "space_battle") == []
    assert units_in(game, VOID, 0) == ["bad_moonz_ork_boyz"]
    assert units_in(game, PISCINA, 0) == ["goffs_ork_boyz"]
