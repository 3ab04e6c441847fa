# The front door. `make start` runs the portal on this machine; `make test` runs every test.
.PHONY: start test build typecheck lint format bench clean

start:
	@bash scripts/start.sh

test:
	@bash scripts/test.sh

build:
	@bash scripts/ensure-deps.sh
	@npx turbo run build

typecheck:
	@npx turbo run typecheck

lint:
	@npx biome check .

format:
	@npx biome check --write .

bench:
	@bash scripts/bench.sh

clean:
	rm -rf .turbo */dist services/*/dist deploy/local/dist web/dist
