# syntax=docker/dockerfile:1
# Media Diet: one image for every instance (ROLE=api|worker|all picks what it runs).
# Not exercised in CI (no container engine runs on the CI machines); see docs/deploy.md.

# --- build: install everything, build the extension, the web app and the server bundle -------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 CI=true
# The workspace manifests first, so the dependency layer is cached until one of them changes.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/analyzer/package.json packages/analyzer/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/extension/package.json apps/extension/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
# The Stripe publishable key is baked into the web app at build time (empty: the local billing provider).
ARG VITE_STRIPE_PUBLISHABLE_KEY=""
# The extension's ids in the stores, which the web app messages directly (empty: the unpacked development id for
# Chrome, Edge and Opera; the window bridge answers either way). See the README's Configuration.
ARG VITE_EXTENSION_ID_CHROME=""
ARG VITE_EXTENSION_ID_EDGE=""
ARG VITE_EXTENSION_ID_OPERA=""
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- runtime: the server bundle, its migrations, the built web app and production dependencies ------
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
# Only the embedded database (no DATABASE_URL) writes to disk; it lives in a volume owned by `node`.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/server/dist/server.js"]
