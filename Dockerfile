# syntax=docker/dockerfile:1
# Multi-stage image: the build stage compiles dist/ with the dev dependencies (TypeScript); the
# runtime stage has production dependencies only, runs as the unprivileged `node` user, plain node.

FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# dist/ holds the compiled code and every file it reads at run time (migrations, knowledge, demo data).
RUN npm run build

FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    PORT=4000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/dist ./dist
# Only for ALLOW_EMBEDDED_DATABASE=true trials; deployments set DATABASE_URL.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 4000
# Liveness: the process answers. Load balancers should use /readyz (dependencies included).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM goes straight to node (no npm or shell in between), which drains and exits 0.
CMD ["node", "dist/main.js"]
