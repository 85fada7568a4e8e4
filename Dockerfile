# Trinkgeld as a container image. Its steps are those of scripts/release.mjs, which `npm test`
# runs on a clean copy (install, build, prune to production dependencies, start, /readyz, first
# operator, stop), so what the image does is tested where the image itself cannot be built.
# Production runs on PostgreSQL only (decision 0523): set DATABASE_URL, SESSION_SECRET,
# PUBLIC_ORIGIN and SMTP_URL (or MAIL_TRANSPORT=log); compose.yaml shows them.

# Build stage: every dependency, the build output, then only production dependencies.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Runtime stage: the pruned app and its build output, as a user without rights.
FROM node:22-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
# Ready means the database answers (GET /readyz); the load balancer asks the same.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 (exec form, no npm, no shell): SIGTERM reaches the server's graceful shutdown.
CMD ["node", "dist/server/main.mjs"]
