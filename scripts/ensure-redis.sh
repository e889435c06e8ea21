#!/usr/bin/env bash
# Makes sure a Redis answers at 127.0.0.1:6379, for the tests of limits shared by several instances
# (redis-limits, cluster). Used by CI only: the store itself never needs Redis (REDIS_URL is optional).
# Keeps nothing on disk, as the machine's own Redis.
set -euo pipefail

ready() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }

if ! command -v redis-server >/dev/null 2>&1; then
  echo "Redis is not installed: installing Debian's redis-server package"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server
fi

if ! ready; then
  echo "Starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
  for _ in $(seq 1 30); do ready && break; sleep 1; done
fi
ready || { echo "Redis did not come up at 127.0.0.1:6379" >&2; exit 1; }
echo "Redis ready at redis://127.0.0.1:6379"
