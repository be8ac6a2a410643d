# syntax=docker/dockerfile:1
# Multi-stage build: compile with dev dependencies, run with production ones only, as a non-root user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ormconfig.ts ./
COPY scripts/build-editor.mjs ./scripts/
COPY src ./src
COPY views ./views
COPY public ./public
COPY assets ./assets
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production APP_ROLE=all PORT=3000
# Scanned forms: poppler rasterizes pages, tesseract reads them (English, Spanish, orientation).
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends poppler-utils tesseract-ocr \
      tesseract-ocr-eng tesseract-ocr-spa tesseract-ocr-osd && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/views ./views
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/assets ./assets
USER node
EXPOSE 3000
# APP_ROLE=api serves HTTP, APP_ROLE=worker runs the queue processors, APP_ROLE=all does both.
CMD ["node", "dist/src/main.js"]
