#!/usr/bin/env bash
# Starts the portal as `npm start` does, on a fresh data folder, and checks it answers.
set -euo pipefail
port=18080
url="http://127.0.0.1:$port"
# A portal left on the port would answer for the one started here: refuse to test against it.
if curl -sf "$url/ready" >/dev/null 2>&1; then
  echo "start: something already answers on port $port; stop it first" >&2
  exit 1
fi
data=$(mktemp -d)
# Its own process group: npm does not pass the TERM on to the portal it started, the group gets it.
PORT=$port DATA_DIR="$data" LOG_LEVEL=warn setsid npm start >"$data/log" 2>&1 &
pid=$!
trap 'kill -TERM -- -$pid 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 1 120); do
  curl -sf "$url/ready" >/dev/null 2>&1 && break
  kill -0 $pid 2>/dev/null || { cat "$data/log" >&2; exit 1; }
  sleep 1
done
curl -sf "$url/ready"
curl -sf "$url/" | grep -q '<div id="root">'
curl -sf -X POST -H 'content-type: application/json' -d '{"username":"provider@demo.test","password":"demo-password"}' "$url/auth/login" | grep -q '"token"'
node .ci/smoke-tile.mjs "$url"
kill -TERM -- -$pid
wait $pid || true
for _ in $(seq 1 20); do
  curl -sf "$url/ready" >/dev/null 2>&1 || break
  sleep 0.5
done
if curl -sf "$url/ready" >/dev/null 2>&1; then
  echo "start: the portal still answers after TERM" >&2
  exit 1
fi
echo "start: ok"
