# V2MOM Tracker: `make start` to run it, `make test` to prove it.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

# Node 22+ is required (MikroORM 7, vitest 5, iron-session 9). Where the machine's Node is
# older, Node 22 comes from the npm registry into .tools/ and goes first on PATH.
SYSTEM_NODE_MAJOR := $(shell node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
ifeq ($(shell test $(SYSTEM_NODE_MAJOR) -ge 22 && echo yes),yes)
NODE := $(shell command -v node)
else
NODE_PACKAGE := node-$(shell node -p 'process.platform + "-" + process.arch' 2>/dev/null || echo linux-x64)
NODE_BIN := $(CURDIR)/.tools/node_modules/$(NODE_PACKAGE)/bin
NODE := $(NODE_BIN)/node
export PATH := $(NODE_BIN):$(PATH)
endif

CONTRACTS_SRC := $(shell find contracts/src -name '*.ts' ! -name '*.test.ts' 2>/dev/null)
BACKEND_SRC := $(shell find backend/src -name '*.ts' ! -name '*.test.ts' 2>/dev/null)
FRONTEND_SRC := $(shell find frontend/src frontend/index.html frontend/public -type f ! -name '*.test.ts' ! -name '*.test.tsx' 2>/dev/null)
INSTALLED := node_modules/.installed
# Runs a step and, for .ci/run, notes how long it took (see the script).
TIMED := tooling/timed

.PHONY: help start seed-company dev build install typecheck lint lint-eslint lint-openapi lint-unused test test-unit test-e2e test-embedded test-dates bench bench-report bench-api bench-live bench-load bench-assistant bench-screens bench-live-save bench-coo-live bench-method-check-in bench-stale-check-in bench-assistant-screen bench-brief bench-bundle-sizes bench-soak bench-editor-save bench-faults bench-deactivation bench-room bench-comments bench-reminders bench-deck bench-rollover bench-comment-to-thread bench-mention-to-bells bench-follow bench-write-burst bench-replica bench-webhooks bench-round bench-import bench-company bench-alignment-map bench-brief-reads bench-write-cost bench-call-cost clean

help:
	@echo "make start          install, build, migrate, seed the demo organisation, serve http://localhost:$${PORT:-3000}"
	@echo "make seed-company   migrate an empty PostgreSQL database (DATABASE_URL) and seed a 20,000-person company into it (ARGS=\"--people 300 --departments 20\" for less)"
	@echo "make dev            API with reload (port 3000) and the Vite dev server (port 5173)"
	@echo "make test           typecheck, lint, unit, integration and browser tests"
	@echo "make lint           ESLint over every package, the OpenAPI document under Redocly's rules, and unused code (knip)"
	@echo "make test-embedded  integration tests and a browser smoke test against the embedded database"
	@echo "make test-dates     the unit and integration suites with the clock moved to dates where date rules turn (faketime)"
	@echo "make clean          remove builds, dependencies and the local data folder"

$(NODE):
	$(TIMED) 'Node 22 from npm' npm install --prefix .tools --no-save --no-package-lock --no-fund --no-audit $(NODE_PACKAGE)@22

$(INSTALLED): package.json package-lock.json contracts/package.json backend/package.json frontend/package.json e2e/package.json tooling/eslint/package.json | $(NODE)
	$(TIMED) install npm ci --no-fund --no-audit
	touch $@

install: $(INSTALLED)

contracts/dist/index.js: $(INSTALLED) $(CONTRACTS_SRC) contracts/tsconfig.build.json
	$(TIMED) 'build: contracts' npm run build -w contracts
	touch $@

backend/dist/server.js: contracts/dist/index.js $(BACKEND_SRC) backend/tsconfig.build.json
	$(TIMED) 'build: backend' npm run build -w backend
	touch $@

frontend/dist/index.html: contracts/dist/index.js $(FRONTEND_SRC) frontend/vite.config.ts
	$(TIMED) 'build: frontend' npm run build -w frontend
	touch $@

build: backend/dist/server.js frontend/dist/index.html

# SERVER_NODE_FLAGS: Node's own flags for the server, e.g. --single-threaded-gc, which NODE_OPTIONS
# does not accept (README, "More than one server").
start: build
	node $(SERVER_NODE_FLAGS) --env-file-if-exists=.env backend/dist/server.js

# A company-sized organisation (backend/src/seeds/company) in the database DATABASE_URL names,
# which must have nobody in it yet; ARGS sizes it (--people, --departments).
seed-company: build
	node --env-file-if-exists=.env backend/dist/seeds/company/seed-company.cli.js $(ARGS)

# The API keeps its data where `make start` does and accepts writes from the Vite origin.
dev: contracts/dist/index.js
	trap 'kill 0' EXIT; \
	DATA_DIR=$${DATA_DIR:-$(CURDIR)/.data} ALLOWED_ORIGINS=$${ALLOWED_ORIGINS:-http://localhost:5173} npm run dev -w backend & \
	npm run dev -w frontend & wait

typecheck: $(INSTALLED)
	$(TIMED) typecheck npm run typecheck --workspaces --if-present

lint: lint-eslint lint-openapi lint-unused

# typescript-eslint, the frontend's import boundaries and the React hooks rules, over every package.
lint-eslint: $(INSTALLED)
	$(TIMED) 'lint: eslint' npx eslint . --max-warnings 0

# The OpenAPI document exactly as the server generates it, under Redocly's recommended rules (redocly.yaml).
lint-openapi: $(INSTALLED)
	tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(TIMED) 'lint: OpenAPI' sh -c 'npm run --silent openapi -w backend -- "$$0" && npx --no-install redocly lint "$$0"' "$$tmp/openapi.json"

# Files, exports and dependencies nothing uses, across the workspaces (knip.jsonc). Knip loads
# frontend/vite.config.ts, which imports the built contracts.
lint-unused: contracts/dist/index.js
	$(TIMED) 'lint: unused code' npx --no-install knip

test-unit: build
	$(TIMED) 'contracts tests' npm test -w contracts
	$(TIMED) 'backend tests' npm test -w backend
	$(TIMED) 'frontend tests' npm test -w frontend

test-e2e: build
	$(TIMED) 'browser tests' npm test -w e2e

test: typecheck lint test-unit test-e2e

# With DATABASE_URL unset, on the embedded PGlite database: the whole backend suite, and of the
# browser suite the specs tagged @smoke (signing in, the dashboard, a live save between two
# browsers, a V2MOM save, a server starting on an empty data folder and again on that folder).
test-embedded: build
	$(TIMED) 'backend tests (embedded)' env -u DATABASE_URL -u TEST_DATABASE_URL npm test -w backend
	$(TIMED) 'browser smoke (embedded)' env -u DATABASE_URL npm test -w e2e -- --grep @smoke

# The contracts, backend and frontend suites with the process clock moved (libfaketime) to the last
# days of a fiscal year, a quarter's last day, New Year's Eve, the days US and EU clocks change and
# 29 February (tooling/test-dates names them); DATES="2027-07-30T20:00:00Z@UTC …" for others.
test-dates: build
	tooling/test-dates $(DATES)

# Benchmarks on a scratch PostgreSQL database (BENCH_DATABASE_URL names the server): the API under
# a large organisation (bench-api alone), the live fan-out (bench-live), the load test (bench-load),
# the assistant's streamed replies (bench-assistant), the data-heavy screens in Chromium
# (bench-screens, BENCH_SCREENS=Dashboard,… for some), a save reaching another screen
# (bench-live-save), an owner's change reaching the presented COO View (bench-coo-live), a
# check-in reaching another person's open method detail (bench-method-check-in), a check-in
# clearing its method's Stale mark on another person's open COO View and its owner's reminder
# (bench-stale-check-in), the assistant's first words on the chat screen (bench-assistant-screen),
# the meeting brief's first words on the COO View (bench-brief),
# what a browser downloads (bench-bundle-sizes), three people editing one V2MOM for a minute (bench-soak,
# BENCH_SOAK_SECONDS), a Save reaching the other editor's open form (bench-editor-save,
# BENCH_EDITOR_SAVES), PostgreSQL going away under writes (bench-faults), a deactivated
# person's open tab and socket being ended (bench-deactivation), a revoked meeting-room link's
# open screen stopping (bench-room), a comment that mentions 200
# people reaching each one's open tab (bench-comments), a comment reaching another person's open
# thread (bench-comment-to-thread) and a mention reaching the bell in each of the person's three
# tabs (bench-mention-to-bells), the presenter's action reaching 30 followers on another server
# (bench-follow, with Redis), and another person's reads while one person bursts 150 writes at one
# row over two servers (bench-write-burst, with Redis), and the share of reads a streaming replica
# answers under a little write load, with a writer's wait for it (bench-replica, PostgreSQL's server
# programs), 1,000 check-ins a minute delivered to a webhook whose receiver fails a fifth of the
# attempts, over two servers (bench-webhooks, with Redis; five minutes and the retries after), and an
# owner's check-in in the check-in round reaching the presenter's and a meeting-room screen's
# sockets (bench-round). `make bench` runs
# them all and writes one report into docs/PERFORMANCE.md;
# a benchmark that fails does not stop the others (the report says so and `make bench` fails at the
# end); `make bench-report` rewrites the report from the last results. See docs/PERFORMANCE.md.
bench: build
	npm run -s bench:report -w backend -- begin
	-npm run bench -w backend
	-npm run bench:live -w backend
	-npm run bench:load -w backend
	-npm run bench:assistant -w backend
	-npm run bench:soak -w backend
	-npm run bench:faults -w backend
	-npm run bench:comments -w backend
	-npm run bench:reminders -w backend
	-npm run bench:deck -w backend
	-npm run bench:import -w backend
	-npm run bench:rollover -w backend
	-npm run bench:write-burst -w backend
	-npm run bench:replica -w backend
	-npm run bench:webhooks -w backend
	-npm run bench:round -w backend
	-npm run bench -w e2e
	-npm run bench:live-save -w e2e
	-npm run bench:coo-live -w e2e
	-npm run bench:method-check-in -w e2e
	-npm run bench:stale-check-in -w e2e
	-npm run bench:rollover-to-screen -w e2e
	-npm run bench:assistant-screen -w e2e
	-npm run bench:brief -w e2e
	-npm run bench:bundle-sizes -w e2e
	-npm run bench:editor-save -w e2e
	-npm run bench:deactivation -w e2e
	-npm run bench:room-revoke -w e2e
	-npm run bench:comment-to-thread -w e2e
	-npm run bench:mention-to-bells -w e2e
	-npm run bench:follow -w e2e
	npm run -s bench:report -w backend -- end

bench-report:
	npm run -s bench:report -w backend

bench-api: build
	npm run bench -w backend

bench-live: build
	npm run bench:live -w backend

bench-load: build
	npm run bench:load -w backend

bench-assistant: build
	npm run bench:assistant -w backend

bench-screens: build
	npm run bench -w e2e

bench-live-save: build
	npm run bench:live-save -w e2e

bench-coo-live: build
	npm run bench:coo-live -w e2e

bench-method-check-in: build
	npm run bench:method-check-in -w e2e

bench-stale-check-in: build
	npm run bench:stale-check-in -w e2e

bench-assistant-screen: build
	npm run bench:assistant-screen -w e2e

bench-brief: build
	npm run bench:brief -w e2e

bench-bundle-sizes: build
	npm run bench:bundle-sizes -w e2e

bench-soak: build
	npm run bench:soak -w backend

bench-faults: build
	npm run bench:faults -w backend

bench-comments: build
	npm run bench:comments -w backend

bench-reminders: build
	npm run bench:reminders -w backend

bench-deck: build
	npm run bench:deck -w backend

bench-import: build
	npm run bench:import -w backend
bench-rollover: build
	npm run bench:rollover -w backend
	npm run bench:rollover-to-screen -w e2e

bench-deactivation: build
	npm run bench:deactivation -w e2e

bench-room: build
	npm run bench:room-revoke -w e2e

bench-editor-save: build
	npm run bench:editor-save -w e2e

bench-comment-to-thread: build
	npm run bench:comment-to-thread -w e2e

bench-mention-to-bells: build
	npm run bench:mention-to-bells -w e2e

bench-follow: build
	npm run bench:follow -w e2e

bench-write-burst: build
	npm run bench:write-burst -w backend

bench-replica: build
	npm run bench:replica -w backend

bench-webhooks: build
	npm run bench:webhooks -w backend

bench-round: build
	npm run bench:round -w backend

# The list screens at a large customer's size, on a copy of a `make seed-company` database
# (BENCH_COMPANY_DATABASE_URL, company_20k by default) served by four servers sharing Redis:
# docs/PERFORMANCE.md, "The company-sized benchmark". Not part of `make bench`: it needs that database.
bench-company: build
	npm run bench:company -w e2e

# The Alignment Map on a `make seed-company` database (BENCH_COMPANY_DATABASE_URL, company_20k by
# default): docs/PERFORMANCE.md#alignment-map-rollup.
bench-alignment-map: build
	npm run bench:alignment-map -w e2e

# The meeting brief's facts and the quarter scorecard read on a `make seed-company` database
# (BENCH_COMPANY_DATABASE_URL, company_20k by default): docs/PERFORMANCE.md#brief-reads.
bench-brief-reads: build
	npm run bench:brief-reads -w backend

# What one method's progress change costs the servers' and PostgreSQL's CPU, on a copy of a
# `make seed-company` database served by four servers sharing Redis, with sockets viewing the
# written V2MOMs (e2e/bench/write-cost.bench.ts; BENCH_WRITE_BUILDS compares builds side by side).
bench-write-cost: build
	npm run bench:write-cost -w e2e

# What one API call of each list screen costs a server's and PostgreSQL's CPU, alone, on a copy of
# a `make seed-company` database (e2e/bench/call-cost.bench.ts; BENCH_CALL_BUILDS compares builds side by side).
bench-call-cost: build
	npm run bench:call-cost -w e2e

clean:
	rm -rf node_modules */node_modules */dist .tools .data e2e/.data e2e/test-results
