# syntax=docker/dockerfile:1
# Atelier: one server process. Several behind a load balancer on one PostgreSQL: docs/multi-instance.md,
# deploy/compose.yaml.

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
# Dependencies first: a change in the sources reuses this layer.
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
# bubblewrap: the sandbox of the agent's commands (AGENT_ALLOW_COMMANDS=1) and of chats' apps (APP_RUNTIME,
# docs/sandbox.md). Docker's default seccomp profile refuses the namespaces it makes: such a container needs
# --security-opt seccomp=unconfined (and apparmor=unconfined where AppArmor applies), else apps are served as files;
# deploy/compose.yaml has them commented out.
RUN apt-get update -q && apt-get install -y -q --no-install-recommends bubblewrap && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    PORT=3000 \
    PREVIEW_PORT=3001 \
    DATA_DIR=/data
# What `next start` reads: the build, the production dependencies, the static files and the migrations.
COPY --from=build /app/package.json /app/next.config.mjs ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/public ./public
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/drizzle-inbox ./drizzle-inbox
COPY --from=build /app/drizzle-dashboard ./drizzle-dashboard
COPY --from=build --chown=node:node /app/.next ./.next
# DATA_DIR: PGlite and generated secrets without DATABASE_URL; with it, only secrets not given in the environment.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
# 3000: the dashboard and the embedded service; 3001: the chats' previews (their own origin, PREVIEW_ORIGIN).
EXPOSE 3000 3001
# GET /api/health: 200 once started and while the database answers, 503 while starting or draining (SIGTERM).
# Node's fetch: the slim image has no curl.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# `npm start` execs `next start` (with NEXT_MANUAL_SIG_HANDLE=1 and a heap flag): npm passes SIGTERM on to the
# server (a second SIGTERM, to the whole group, changes nothing), which lets running answers finish for up to
# SHUTDOWN_GRACE_MS (20 s) and exits 0. Give `docker stop` more time than that.
CMD ["npm", "start"]
