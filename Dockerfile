# syntax=docker/dockerfile:1
# Quire in two stages. build: every dependency, the TypeScript compiled to dist/, the web editor bundled into
# dist/public and the service into dist/service (one file per thread; scripts/bundle-service.mjs). runtime:
# dist/, the eta views, production dependencies only — the packages the bundle cannot carry (native binaries,
# data files, fonts) — no compiler, no bundler, no browser (Quire lays documents out itself), a non-root user
# and a health check.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: `prepare` would build before the sources are here; the build runs below.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY plugins ./plugins
COPY pool ./pool
COPY renderers ./renderers
COPY web ./web
COPY scripts/bundle-service.mjs scripts/service-externals.mjs ./scripts/
RUN npm run build

FROM node:20-bookworm-slim AS runtime
# The scale-out clients are optional (src/optional-packages.ts): name the features this image needs,
# e.g. --build-arg QUIRE_OPTIONAL="s3 redis postgres" for S3_*, REDIS_URL and DATABASE_URL.
ARG QUIRE_OPTIONAL=""
ENV NODE_ENV=production DATA_DIR=/data PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts
COPY --from=build /app/dist ./dist
COPY scripts/install-optional.mjs scripts/prune-runtime.mjs ./scripts/
# prune-runtime: declarations, source maps, package tests/examples, the other libc's libsql binary and the
# font weights Quire never reads (114 → 74.6 MB of node_modules, docs/operations.md#the-prune).
RUN node scripts/install-optional.mjs $QUIRE_OPTIONAL && node scripts/prune-runtime.mjs && npm cache clean --force
COPY bin ./bin
COPY src/views ./src/views
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Stop timeout should exceed SHUTDOWN_GRACE_MS (30 s): docker stop -t 35.
STOPSIGNAL SIGTERM
CMD ["./bin/quire.js", "serve"]
