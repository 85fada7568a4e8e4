# Trinkgeld as a container image. Its steps are those of scripts/release.mjs, which `npm test`
# runs on a clean copy (install, build, the build output with production dependencies only,
# start, /readyz, first operator, stop), so what the image does is tested where the image
# itself cannot be built. Both take their steps from one list, scripts/release-steps.mjs, and
# src/release-steps.test.ts fails when this file differs from it (decision 0526).
# Production runs on PostgreSQL only (decision 0523): set DATABASE_URL, SESSION_SECRET,
# PUBLIC_ORIGIN and SMTP_URL (or MAIL_TRANSPORT=log); compose.yaml shows them.

# Build stage: every dependency, then the build output.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --prefer-offline
COPY . .
RUN npm run build

# Runtime stage: the production dependencies (no build tool among them), the build output and
# the files the server reads, as a user without rights; nothing is built or compiled at start.
FROM node:22-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/package-lock.json ./package-lock.json
RUN npm ci --omit=dev --no-audit --no-fund --prefer-offline
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts/run-built.mjs ./scripts/run-built.mjs
COPY --from=build /app/src/server/db/migrations ./src/server/db/migrations
COPY --from=build /app/src/server/features/auth/common-passwords.txt ./src/server/features/auth/common-passwords.txt
# The app's files stay root's: the server only reads them.
USER node
EXPOSE 3000
# Ready means the database answers (GET /readyz); the load balancer asks the same.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 (exec form, no npm, no shell): SIGTERM reaches the server's graceful shutdown.
CMD ["node", "dist/server/main.mjs"]
