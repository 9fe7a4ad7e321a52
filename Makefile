# Shortcuts for what the repository already has; npm scripts stay the source (see README.md).
# Each target is one line: `make help` lists them.

.DEFAULT_GOAL := help
.PHONY: help dev test bench images render deploy-dev deploy-prod migrate-status k6 k6-check

# Backend services with an image: every folder under services/ but the shared platform, its test and bench kits and the one-process launcher.
SERVICES := $(filter-out platform test-kit bench-kit launcher,$(notdir $(patsubst %/,%,$(wildcard services/*/))))
SCRIPT ?= signin

help: ## list the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-z0-9-]+:.*## / {printf "  make %-15s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

dev: ## run the whole product in one process on http://localhost:5000 (npm start)
	npm start

test: ## every test: typecheck, unit, integration, web, browser, lint (npm test)
	npm test

bench: ## gateway overhead, sign-in throughput, rate limits, cold start (npm run bench)
	npm run bench

images: ## build every image in deploy/docker (skaffold build, or docker build without skaffold)
	if command -v skaffold >/dev/null; then skaffold build; else docker build -f deploy/docker/gateway.Dockerfile -t crucible/gateway . && for service in $(SERVICES); do docker build -f deploy/docker/service.Dockerfile --build-arg SERVICE=$$service -t crucible/$$service . || exit 1; done; fi

render: ## render every kustomize overlay and check it: schemas, policies, skaffold, alerts, k6 (deploy/test)
	npx vitest run --project unit deploy/test

deploy-dev: ## build, deploy the dev overlay to the current kube-context and follow it, syncing edits (skaffold dev)
	skaffold dev

deploy-prod: ## build, push and deploy the prod overlay: make deploy-prod REGISTRY=registry.example.com/crucible
	@test -n "$(REGISTRY)" || { echo "make deploy-prod needs REGISTRY=<image registry>"; exit 2; }; skaffold run -p prod --default-repo=$(REGISTRY)

migrate-status: ## show the migration Jobs of the current rollout (kubectl, current namespace)
	kubectl get jobs -l app.kubernetes.io/component=migration

k6: ## load a cluster: make k6 TARGET=https://crucible.example.com [SCRIPT=signin|browse|forum-post|dm-latency|presence|uploads] (options as environment, see deploy/k6/README.md)
	@test -n "$(TARGET)" || { echo "make k6 needs TARGET=<gateway URL>, e.g. TARGET=http://localhost:5000"; exit 2; }; k6 run -e BASE_URL=$(TARGET) deploy/k6/$(SCRIPT).ts

k6-check: ## type-check the k6 scripts against @types/k6 (k6 itself is not needed)
	npx tsc -p deploy/k6/tsconfig.json
