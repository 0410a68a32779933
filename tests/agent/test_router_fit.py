"""Router thresholds per edge model: which one a run gets, and that a run is routed by it."""

from __future__ import annotations

import json

import pytest

from edgeagent.agent.router_fit import SHIPPED, thresholds_for
from edgeagent.config import DEFAULTS, load_config, parse_overrides
from edgeagent.errors import BadInput
from edgeagent.models.catalog import DEFAULT_MODEL
from tests.agent.test_routers import LIST, READ, TODO, scored
from tests.agent.test_strategies import finish, invoke, steps
from tests.conftest import query, write_script

CATALOG = DEFAULT_MODEL
GLOBAL = {k: DEFAULTS["strategy"][k] for k in ("step_router_tau", "task_router_threshold")}


def test_the_default_model_ships_its_own_fit():
    assert SHIPPED[CATALOG] != GLOBAL  # otherwise the tests below could not tell the sources apart


def resolve(home, model: str, file: str = "", sets: tuple[str, ...] = ()) -> dict[str, float]:
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text(file)
    over = parse_overrides(sets)
    return thresholds_for(model, load_config(home / "config.toml", over), over, home / "config.toml")


def test_a_catalog_model_gets_its_shipped_fit_and_others_the_global_default(home):
    assert resolve(home, CATALOG) == SHIPPED[CATALOG]
    assert resolve(home, "some-imported-model") == GLOBAL


def test_each_source_wins_over_the_ones_after_it(home):
    fit = f'[strategy.model_thresholds."{CATALOG}"]\nstep_router_tau = 0.4\n'
    glob = "[strategy]\nstep_router_tau = 0.9\ntask_router_threshold = 2.5\n"
    # a threshold written for every model beats the shipped fit ...
    assert resolve(home, CATALOG, glob) == {"step_router_tau": 0.9, "task_router_threshold": 2.5}
    # ... the user's fit for this model beats that, key by key ...
    assert resolve(home, CATALOG, glob + fit) == {
        "step_router_tau": 0.4, "task_router_threshold": 2.5}
    # ... and --set beats everything
    assert resolve(home, CATALOG, fit, ("strategy.step_router_tau=3.25",))["step_router_tau"] == 3.25
    # another model's fit is not this model's
    assert resolve(home, "other", fit) == GLOBAL


def test_shipped_fits_are_of_entropy_and_do_not_apply_to_nll(home):
    assert resolve(home, CATALOG, sets=("strategy.router_measure=nll",)) == GLOBAL


@pytest.mark.parametrize("body, message", [
    ('[strategy.model_thresholds]\nm = 1.5\n', "strategy.model_thresholds.m must be a table"),
    ('[strategy.model_thresholds.m]\ntau = 1.5\n', "strategy.model_thresholds.m.tau: unknown field"),
    ('[strategy.model_thresholds.m]\nstep_router_tau = "high"\n', "must be a finite number"),
    ('[strategy.model_thresholds.m]\nstep_router_tau = nan\n', "must be a finite number"),
])
def test_a_malformed_fit_is_one_line_naming_the_field(home, body, message):
    home.mkdir(parents=True)
    (home / "config.toml").write_text(body)
    with pytest.raises(BadInput, match=message) as e:
        load_config(home / "config.toml")
    assert "\n" not in str(e.value)


def test_a_run_is_routed_by_its_models_fit_and_keeps_it_for_resume(home, workspace, tmp_path, cloud):
    script = write_script(tmp_path / "edge.json", [scored(LIST, 0.5), scored(READ, 2.0), scored(TODO, 1.0),
                                                   scored(finish(), 0.2)])
    home.mkdir(parents=True)
    # The global τ (1.75) would send only the 2.0 step; this model's fit sends every step above 0.8.
    (home / "config.toml").write_text(f'[strategy.model_thresholds."{script}"]\nstep_router_tau = 0.8\n')
    c = cloud(["unused", READ, TODO])
    out = json.loads(invoke("run", "t", "--workspace", str(workspace), "--model", script, "--strategy",
                            "step-router", "--cloud", c.target, "--json").stdout)
    assert [s[1] for s in steps(home, out["run_id"])] == ["edge", "cloud", "cloud", "edge"]
    stored = json.loads(query(home / "edgeagent.db", "select settings from runs where id = ?", [out["run_id"]])[0][0])
    assert stored["strategy"]["step_router_tau"] == 0.8 and "model_thresholds" not in stored["strategy"]
