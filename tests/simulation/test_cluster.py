"""A Dask cluster plays the same games as the local workers."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from warp_empires.cli.main import cli
from warp_empires.simulation import run, runners

from .support import short_run


def test_a_local_dask_cluster_gives_the_results_of_the_local_workers():
    # One worker, in threads of this process: starting worker processes would take
    # longer than the games; the path through the scheduler, the task batches and the
    # results coming back is the same one a real cluster takes.
    settings = short_run()
    assert run(settings, 8, dask="local", workers=1, dask_processes=False).results == run(settings, 8, workers=2).results


def test_an_unreachable_scheduler_is_one_line(monkeypatch):
    monkeypatch.setattr(runners, "CONNECT_TIMEOUT", "1s")
    result = CliRunner().invoke(cli, ["simulate", "doctor_who", "--games", "1", "--dask", "tcp://127.0.0.1:9"])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and "127.0.0.1:9" in lines[0], lines


def test_an_address_that_is_no_address_is_refused_naming_the_forms_allowed():
    result = CliRunner().invoke(cli, ["simulate", "doctor_who", "--games", "1", "--dask", "nowhere"])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: Invalid value for '--dask': 'nowhere' is no scheduler address; use tcp://HOST:PORT, or local to start a cluster here")


@pytest.mark.parametrize("address", ["tcp://[::1]:8786", "127.0.0.1:8786", "[::1]:8786", "tls://scheduler.lab:8786"])
def test_every_form_of_scheduler_address_dask_takes_passes_the_check(address):
    from warp_empires.cli.simulate_cmd import _dask_address

    assert _dask_address(None, None, address) == address
