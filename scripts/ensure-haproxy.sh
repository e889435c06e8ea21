#!/usr/bin/env bash
# Makes sure HAProxy is installed (Debian's haproxy package), for `npm run cluster`, its test and its benchmark.
# The store itself never needs it: `npm start` is one process. The package's own service is not used:
# the cluster runs HAProxy itself with the repository's configuration (deploy/haproxy.cfg).
set -euo pipefail

if command -v haproxy >/dev/null 2>&1; then
  echo "HAProxy ready: $(haproxy -v | head -1)"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "HAProxy is not installed. Install Debian's package as root: apt-get install -y haproxy" >&2
  exit 1
fi

echo "HAProxy is not installed: installing Debian's haproxy package"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy
echo "HAProxy ready: $(haproxy -v | head -1)"
