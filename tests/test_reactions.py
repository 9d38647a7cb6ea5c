"""The reaction window: negations (also of negations), rerolls, moves answered by
Intercept or undone by Recall, and players with nothing to play never being asked."""

from warp_empires.rules.triggers import DieRolled

from helpers import build, card, cards, drive, events, hand_types, ids, opts, start, types_in, zone_id

FIELD = ("Field:plain Home:city Rock:mountains", "Field-Home Field-Rock")


def ambush_battle(hands, factions=("commoners", "commoners")):
    """Two guards each in Field (10 vs 10: the defender would win); seat 0 plays Ambush (+4)."""
    game = build(*FIELD, units={"Field": {0: ["guard", "guard"], 1: ["guard", "guard"]}}, hands=hands, factions=factions, deck=[])
    start(game, "battle")
    drive(game, card(cards(game, 0, "ambush")[0]))
    return game


def battle(game):
    return events(game, "battle")[0]


def test_negated_card_has_no_effect():
    game = ambush_battle({0: ["ambush"], 1: ["countermand"]})
    d = game.pending
    assert (d.kind, d.player) == ("reaction", 1)
    assert opts(game) == [card(cards(game, 1, "countermand")[0]), "pass"]
    drive(game, card(cards(game, 1, "countermand")[0]))
    assert events(game, "card_negated")[0]["card"] == "Ambush"
    assert (battle(game)["attacker"]["force"], battle(game)["defender"]["force"]) == (10, 10)
    assert battle(game)["winner"] == 1


def test_negation_can_itself_be_negated():
    game = ambush_battle({0: ["ambush", "countermand"], 1: ["countermand"]})
    drive(game, card(cards(game, 1, "countermand")[0]))
    # Seat 0 answers the Countermand with its own; seat 1 has nothing left and is not asked.
    d = game.pending
    assert (d.kind, d.player) == ("reaction", 0)
    drive(game, card(cards(game, 0, "countermand")[0]))
    negated = events(game, "card_negated")
    assert [(e["player"], e["card"]) for e in negated] == [(1, "Countermand")]
    assert (battle(game)["attacker"]["force"], battle(game)["defender"]["force"]) == (14, 10)
    assert battle(game)["winner"] == 0


def test_a_card_is_said_to_take_effect_after_its_window_and_before_its_effect():
    """The table is told when each card takes effect (or is cancelled), innermost first, and
    only then sees what the card does: here Ambush's +4 in the battle."""
    game = ambush_battle({0: ["ambush", "countermand"], 1: ["countermand"]})
    drive(game, card(cards(game, 1, "countermand")[0]))
    drive(game, card(cards(game, 0, "countermand")[0]))
    told = [(e.kind, e.data.get("player"), e.data.get("card")) for e in game.events
            if e.kind in ("card_played", "card_resolved", "card_negated", "battle")]
    assert told == [
        ("card_played", 0, "Ambush"), ("card_played", 1, "Countermand"), ("card_played", 0, "Countermand"),
        ("card_resolved", 0, "Countermand"), ("card_negated", 1, "Countermand"), ("card_resolved", 0, "Ambush"),
        ("battle", None, None),
    ]


def test_time_lord_meddling_answers_time_lord_meddling_in_doctor_who():
    # Two War Fleets a side (12 vs 12, a defender's tie). Surprise Attack (+10) survives
    # the defender's Meddling because the attacker meddles back.
    game = build("Gallifrey:rich Skaro:rich Void:void", "Gallifrey-Void Void-Skaro", theme="doctor_who",
                 factions=("earth_empire", "sontarans"), units={"Void": {0: ["war_fleet"] * 2, 1: ["war_fleet"] * 2}},
                 hands={0: ["surprise_attack", "time_lord_meddling"], 1: ["time_lord_meddling"]}, deck=[])
    start(game, "battle")
    drive(game, card(cards(game, 0, "surprise_attack")[0]))
    assert (game.pending.kind, game.pending.player) == ("reaction", 1)
    drive(game, card(cards(game, 1, "time_lord_meddling")[0]))
    assert (game.pending.kind, game.pending.player) == ("reaction", 0)
    drive(game, card(cards(game, 0, "time_lord_meddling")[0]))
    assert [(e["player"], e["card"]) for e in events(game, "card_negated")] == [(1, "Time Lord Meddling")]
    assert (battle(game)["attacker"]["force"], battle(game)["defender"]["force"]) == (22, 12)
    assert battle(game)["winner"] == 0


def test_declining_to_react_lets_the_card_work():
    game = ambush_battle({0: ["ambush"], 1: ["countermand"]})
    drive(game, "pass")
    assert battle(game)["attacker"]["force"] == 14
    assert hand_types(game, 1) == ["countermand"]


def test_player_with_no_reaction_is_never_asked():
    game = ambush_battle({0: ["ambush"], 1: ["march", "rally"]})
    # Seat 1 holds no reaction: no window opens; its next question is its own battle card.
    assert events(game, "card_played")[0]["card"] == "Ambush"
    d = game.pending
    assert (d.kind, d.player) == ("battle_card", 1)
    assert opts(game) == ["pass", card(cards(game, 1, "rally")[0])]


def test_card_player_cannot_negate_its_own_card():
    game = ambush_battle({0: ["ambush", "countermand"], 1: []})
    assert battle(game)["attacker"]["force"] == 14
    assert hand_types(game, 0) == ["countermand"]


def test_only_the_holder_of_a_reaction_is_asked_among_three():
    zones = ("A:plain B:plain C:plain D:city E:city", "A-B B-C")
    game = build(zones[0], zones[1], units={"A": {0: ["scout"]}}, hands={0: ["march"], 1: ["ambush", "march"], 2: ["countermand"]},
                 factions=("commoners",) * 3, deck=[])
    start(game, "move")
    drive(game, card(cards(game, 0, "march")[0]))
    d = game.pending
    assert (d.kind, d.player) == ("reaction", 2)
    drive(game, card(cards(game, 2, "countermand")[0]))
    # The march is cancelled: nothing moves and the card is spent.
    assert game.pending is None
    assert types_in(game, "A", 0) == ["scout"]
    assert hand_types(game, 0) == []


# ---------------------------------------------------------------------- rerolls

RECRUIT = ("Home:city Farm:plain Reserve:waste", "Home-Farm")


def recruit_all_five(hands, seed=9):
    """Seat 0 buys all five infantry drawn from a pool of ten, so 1D6 more are drawn."""
    game = build(*RECRUIT, pool=["infantry"] * 10, park=("Reserve", 1), control={"Home": 0}, treasury={0: 40},
                 hands=hands, seed=seed, deck=[])
    start(game, "recruit")
    for _ in range(5):
        assert game.pending.kind == "buy"
        drive(game, opts(game)[1])
    return game


def test_reroll_replaces_the_die():
    game = recruit_all_five({0: ["second_wind"]})
    assert [e["value"] for e in events(game, "die_rolled")] == [2]
    assert (game.pending.kind, game.pending.player) == ("reaction", 0)
    # The window says what it answers, by name: the recruit die seat 0 just rolled.
    assert game.pending.context["trigger"] == DieRolled("recruit_more:0", 0, 6, "how many more units are drawn to recruit from")
    from warp_empires.cli.render import trigger_text

    # The player offered the reroll reads what the die decides.
    assert trigger_text(game, game.pending.context["trigger"]).endswith("just rolled a 2 (1D6) for how many more units are drawn to recruit from.")
    drive(game, card(cards(game, 0, "second_wind")[0]))
    assert [e["value"] for e in events(game, "die_rolled")] == [2, 4]
    assert {e["purpose"] for e in events(game, "die_rolled")} == {"how many more units are drawn to recruit from"}  # the reroll decides the same
    # The second roll stands: four more infantry are offered, not two.
    assert events(game, "recruit_draw")[1] == {"player": 0, "count": 4, "units": ["Infantry"] * 4, "extra": True}
    assert len(opts(game)) == 1 + 4


def test_kept_roll_stands_when_the_reroll_is_declined():
    game = recruit_all_five({0: ["second_wind"]})
    drive(game, "pass")
    assert [e["value"] for e in events(game, "die_rolled")] == [2]
    assert events(game, "recruit_draw")[1]["units"] == ["Infantry"] * 2


def test_opponent_may_reroll_my_die_too():
    game = recruit_all_five({1: ["second_wind"]})
    assert (game.pending.kind, game.pending.player) == ("reaction", 1)
    drive(game, card(cards(game, 1, "second_wind")[0]))
    assert [e["value"] for e in events(game, "die_rolled")] == [2, 4]


def test_die_without_rerolls_in_hand_asks_nobody():
    game = recruit_all_five({0: ["march"], 1: ["ambush"]})
    assert game.pending.kind == "buy"
    assert events(game, "recruit_draw")[1]["units"] == ["Infantry"] * 2


# ---------------------------------------------------------------------- move reactions

LINE = ("A:plain B:plain C:plain D:plain E:plain", "A-B B-C C-D D-E")


def test_recall_sends_the_moved_units_back_and_they_stay_spent():
    game = build(*LINE, units={"A": {0: ["scout"]}}, hands={0: ["march", "march"], 1: ["recall"]}, deck=[])
    start(game, "move")
    drive(game, card(cards(game, 0, "march")[0]), f"zone:{zone_id(game, 'A')}", f"zone:{zone_id(game, 'D')}")
    assert (game.pending.kind, game.pending.player) == ("reaction", 1)
    drive(game, card(cards(game, 1, "recall")[0]))
    assert types_in(game, "A", 0) == ["scout"] and ids(game, "D", 0) == []
    # The scout has used its move: the second March has nothing to move and is not offered.
    assert game.pending is None
    assert hand_types(game, 0) == ["march"]


def test_intercept_moves_a_stack_of_the_reacting_player():
    game = build(*LINE, units={"A": {0: ["cavalry"]}, "E": {1: ["cavalry"]}}, hands={0: ["march"], 1: ["intercept"]}, deck=[])
    start(game, "move")
    drive(game, card(cards(game, 0, "march")[0]), f"zone:{zone_id(game, 'A')}", f"zone:{zone_id(game, 'C')}")
    drive(game, card(cards(game, 1, "intercept")[0]))
    # Seat 1 moves its own cavalry from E: up to two zones, ending in C where seat 0 now is.
    assert (game.pending.kind, game.pending.player) == ("choose_stack", 1)
    drive(game, f"zone:{zone_id(game, 'E')}")
    assert opts(game) == [f"zone:{zone_id(game, 'C')}", f"zone:{zone_id(game, 'D')}"]
    drive(game, f"zone:{zone_id(game, 'C')}")
    assert types_in(game, "C", 1) == ["cavalry"] and types_in(game, "C", 0) == ["cavalry"]


def test_a_player_asked_to_answer_a_battle_card_is_shown_the_battle_first():
    # The question about Surprise Attack came before any word of the battle it was played in.
    import io

    from rich.console import Console

    from warp_empires.cli import render

    game = build("Gallifrey:rich Skaro:rich Void:void", "Gallifrey-Void Void-Skaro", theme="doctor_who",
                 factions=("earth_empire", "sontarans"), units={"Void": {0: ["war_fleet"] * 2, 1: ["war_fleet"] * 2}},
                 hands={0: ["surprise_attack"], 1: ["time_lord_meddling"]}, deck=[])
    start(game, "battle")
    drive(game, card(cards(game, 0, "surprise_attack")[0]))
    assert (game.pending.kind, game.pending.player) == ("reaction", 1)
    screen = io.StringIO()
    Console(file=screen, width=160).print(render.situation(game, game.pending))
    shown = screen.getvalue()
    assert shown.index("Battle in Void") < shown.index("just played Surprise Attack")
    # Both sides itemised as they stand: the card's +10 counts only once nobody negates it.
    assert "│ force │            12 │            12 │" in shown and "P1: War Fleet ×2" in shown
