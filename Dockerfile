# syntax=docker/dockerfile:1
# One image serves the API, Socket.IO and the built frontend on one port.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json ./
COPY contracts/package.json contracts/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY e2e/package.json e2e/
COPY tooling/eslint/package.json tooling/eslint/
RUN npm ci --no-audit --no-fund
COPY contracts contracts
COPY backend backend
COPY frontend frontend
RUN npm run build -w contracts && npm run build -w backend && npm run build -w frontend

FROM node:22-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY e2e/package.json e2e/
COPY tooling/eslint/package.json tooling/eslint/
RUN npm ci --omit=dev --no-audit --no-fund -w backend -w contracts && npm cache clean --force
COPY --from=build /app/contracts/dist contracts/dist
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/frontend/dist frontend/dist
RUN mkdir -p /data && chown node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Node's own flags go in NODE_OPTIONS, or, for those it refuses there (--single-threaded-gc), in a
# command of one's own: `node --single-threaded-gc backend/dist/server.js` (README, "More than one server").
CMD ["node", "backend/dist/server.js"]
