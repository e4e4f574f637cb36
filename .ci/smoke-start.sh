#!/usr/bin/env bash
# Starts the portal as `npm start` does, on a fresh data folder, and checks it answers.
set -euo pipefail
data=$(mktemp -d)
PORT=18080 DATA_DIR="$data" LOG_LEVEL=warn npm start >"$data/log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 1 120); do
  curl -sf http://127.0.0.1:18080/ready >/dev/null 2>&1 && break
  sleep 1
done
curl -sf http://127.0.0.1:18080/ready
curl -sf http://127.0.0.1:18080/ | grep -q '<div id="root">'
curl -sf -X POST -H 'content-type: application/json' -d '{"username":"provider@demo.test","password":"demo-password"}' http://127.0.0.1:18080/auth/login | grep -q '"token"'
kill -TERM $pid
wait $pid || true
echo "start: ok"
