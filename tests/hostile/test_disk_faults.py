"""File system faults during a game: a failed save never ends the game or loses a turn.

The disk is made to fail on cue (a folder turned read-only, a full disk); the game warns
once, plays on, tries again after every turn, and takes `save FILE` elsewhere.
"""

from __future__ import annotations

import errno

import pytest

from warp_empires import saves
from warp_empires.cli import play_cmd

from cli.support import run, small_map
from cli.test_play import ANN_GAME, ANN_VS_AI, lines
from .support import FailingDisk, refused

COMPUTERS = ["play", "doctor_who", "--seat", "ai:random:daleks", "--seat", "ai:random:cybermen", "--seed", "4", "--turn-limit", "2"]


@pytest.fixture(autouse=True)
def _small_maps(monkeypatch):
    monkeypatch.setattr(play_cmd, "make_random_map", lambda pm, zones, players, seed: small_map(players))


def only_save(folder):
    (path,) = folder.glob("*.json")
    return path


def test_a_read_only_folder_mid_game_warns_once_and_the_finished_game_is_saved_elsewhere(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    disk = FailingDisk(monkeypatch, folder)
    elsewhere = tmp_path / "elsewhere.json"
    result = run(COMPUTERS + ["--saves", str(folder)], lines(str(elsewhere)))
    out = result.output
    assert result.exit_code == 0, out
    first = only_save(folder)
    assert out.count(f"Could not save to {first}: Read-only file system. The game goes on") == 1
    assert disk.failed == 4  # tried again after each of the four turns
    assert "The end of the game is not saved. Save it to which file?" in out
    assert f"The game is saved in {elsewhere}" in out
    finished = saves.load(elsewhere)
    assert finished.is_over and finished.state.turn == 4
    # The save written before the disk failed is still whole: the game as it started.
    assert saves.load(first).choices == []


def test_the_game_goes_on_and_saves_again_when_the_disk_recovers(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    disk = FailingDisk(monkeypatch, folder, fault=errno.ENOSPC)
    real_keep = play_cmd.Hotseat.keep_saved

    def keep_saved(self):
        if disk.failed:
            disk.heal()  # space was freed after the first failure
        return real_keep(self)

    monkeypatch.setattr(play_cmd.Hotseat, "keep_saved", keep_saved)
    result = run(COMPUTERS + ["--saves", str(folder)])
    out = result.output
    assert result.exit_code == 0, out
    path = only_save(folder)
    assert f"Could not save to {path}: No space left on device" in out
    assert f"Saved to {path} again." in out
    assert saves.load(path).is_over


def test_save_elsewhere_while_autosaving_fails_becomes_the_autosave(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    FailingDisk(monkeypatch, folder)
    other = tmp_path / "usb" / "ann.json"
    # Ann's first turn ends with her 13th answer; its autosave fails, then she saves elsewhere.
    result = run(ANN_VS_AI + ["--saves", str(folder)], lines(*ANN_GAME[:13], f"save {other}", *ANN_GAME[13:]))
    out = result.output
    assert result.exit_code == 0, out
    assert "Could not save to" in out and "Read-only file system" in out
    assert f"Saved to {other}; the game is saved there after every turn from now on." in out
    game = saves.load(other)
    assert game.is_over and len(game.choices) > 10
    assert f"The game is saved in {other}" in out


def test_quit_while_saving_fails_keeps_playing_until_a_save_works(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    FailingDisk(monkeypatch, folder, ok=1)
    other = tmp_path / "other.json"
    # Ann keeps her hand (the turn ends for nobody: no autosave yet), then quits twice.
    result = run(ANN_VS_AI + ["--saves", str(folder)], lines("done", "quit", f"save {other}", "quit"))
    out = result.output
    assert result.exit_code == 0, out
    assert "The game is not over: type `save FILE` to save somewhere else, then quit." in out
    assert f"Game saved to {other}." in out
    assert saves.load(other).choices == ["done"]


def test_input_that_ends_while_saving_fails_is_one_error_line_and_the_old_save_stays(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    FailingDisk(monkeypatch, folder, ok=1)
    result = run(ANN_VS_AI + ["--saves", str(folder)], lines("done"))
    path = only_save(folder)
    line = refused(result, code=1)
    assert line == f"could not save to {path}: Read-only file system; the last save that worked, {path}, holds the game as it started"
    assert saves.load(path).choices == []


def test_a_saves_folder_that_cannot_be_written_stops_before_the_game_starts(tmp_path):
    blocker = tmp_path / "usb"
    blocker.write_text("a file where a folder should be")
    line = refused(run(ANN_VS_AI + ["--saves", str(blocker / "saves")]), code=1)
    assert line.startswith(f"cannot save games in {blocker / 'saves'}: ")
    assert line.endswith("choose a folder you can write to with --saves")
    assert blocker.read_text() == "a file where a folder should be"


def test_half_written_saves_left_by_a_killed_program_are_cleaned_up(tmp_path):
    folder = tmp_path / "saves"
    result = run(ANN_VS_AI + ["--saves", str(folder)], lines("quit"))
    assert result.exit_code == 0, result.output
    path = only_save(folder)
    # kill -9 in the middle of two saves leaves their temporary files behind.
    stale = [folder / f".{path.name}.k{i}x_3j.tmp" for i in range(2)]
    for tmp in stale:
        tmp.write_text('{"format": "warp-empires-save", "form')
    other = folder / ".another-game.json.abc.tmp"
    other.write_text("{}")
    assert saves.leftovers(path) == stale
    result = run(["resume", str(path)], lines("quit"))
    assert result.exit_code == 0, result.output
    assert saves.leftovers(path) == []
    assert other.exists()  # another game's file is not this save's business
    # Saving cleans them too, even without a resume.
    stale[0].write_text("{")
    saves.save(saves.load(path), path)
    assert sorted(p.name for p in folder.iterdir()) == sorted([path.name, other.name])


def test_a_save_too_big_to_read_back_is_not_written_and_the_old_one_stays(tmp_path, monkeypatch):
    from warp_empires import limits

    game = saves.load(saves.save(play_cmd.Game(play_cmd.GameSetup("doctor_who", (play_cmd.Seat("Ann", "daleks"), play_cmd.Seat("Bob", "cybermen")), small_map(2), 1, 3)), tmp_path / "g.json"))
    size = len(saves.dumps(saves.to_dict(game)))
    monkeypatch.setattr(limits, "MAX_SAVE_BYTES", size)
    saves.save(game, tmp_path / "g.json")  # exactly at the limit: written, and read back
    assert saves.load(tmp_path / "g.json").digest() == game.digest()
    game.decide("done")
    with pytest.raises(saves.SaveError, match=r"^the save would be [\d,]+ bytes; a save may have at most"):
        saves.save(game, tmp_path / "g.json")
    assert saves.load(tmp_path / "g.json").choices == []


def test_a_save_into_a_path_through_a_file_names_that_file(tmp_path):
    """A file where the save's folder should be: the warning says so, not "File exists"."""
    blocker = tmp_path / "afile"
    blocker.write_text("not a folder")
    result = run(ANN_VS_AI + ["--saves", str(tmp_path / "saves")], lines(f"save {blocker / 'x.json'}", "quit"))
    out = result.output
    assert f"Could not save to {blocker / 'x.json'}: {blocker} is a file, not a folder. Try `save FILE`" in out
    assert "File exists" not in out
    assert blocker.read_text() == "not a folder"
