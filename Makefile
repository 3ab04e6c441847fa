# The front door. `make start` runs the portal on this machine; `make test` runs every test.
.PHONY: start start-distributed dead-letters audit-check seed test test-unit test-watch build typecheck lint format bench clean

start:
	@bash scripts/start.sh

# every service and the gateway as separate processes against the real PostgreSQL and RabbitMQ
start-distributed:
	@bash scripts/start-distributed.sh

# the dead letters of RabbitMQ: `make dead-letters` lists them, `make dead-letters ARGS="replay <id>"` replays one
dead-letters:
	@node deploy/local/dist/dead-letters.js $(or $(ARGS),list)

# the audit log's hash chain, recomputed: `DATABASE_URL=postgres://… make audit-check` (exit 1 names the first broken entry)
audit-check:
	@node services/identity/dist/check-audit-chain.js

# a demo business in the running portal (SEED_URL, ADMIN_EMAIL, ADMIN_PASSWORD, SEED_SCALE); `make seed ARGS=--force`
seed:
	@node scripts/seed/seed.mjs $(ARGS)

test:
	@bash scripts/test.sh

# the unit tests only (jest.config.js's `unit` project): no servers, no browser, no build
test-unit:
	@bash scripts/ensure-deps.sh
	@npx jest --selectProjects unit

# the unit tests again on every save, for the files changed since the last commit (`a` in the prompt: all)
test-watch:
	@bash scripts/ensure-deps.sh
	@npx jest --selectProjects unit --watch

build:
	@bash scripts/ensure-deps.sh
	@npx turbo run build

# every package's sources (web's tests too), then every other test file (tsconfig.test.json)
typecheck:
	@npx turbo run typecheck
	@npx tsc -p tsconfig.test.json

lint:
	@npx biome check .

format:
	@npx biome check --write .

bench:
	@bash scripts/bench.sh

clean:
	rm -rf .turbo */dist services/*/dist deploy/local/dist web/dist
