#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers at 127.0.0.1:5432 with a trust-auth "test" database.
# Used by CI only: the store itself never needs PostgreSQL (it uses embedded PGlite by default).
set -euo pipefail

ready() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "PostgreSQL is not installed: installing Debian's postgresql package"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql
  version=$(ls /etc/postgresql | sort -n | tail -1)
  hba="/etc/postgresql/$version/main/pg_hba.conf"
  sed -i -E 's/^(local|host)(\s+all\s+all\s+.*)\s(peer|scram-sha-256|md5)$/\1\2 trust/' "$hba"
  sed -i -E 's/^(local\s+all\s+postgres\s+)peer$/\1trust/' "$hba"
fi

if ! ready; then
  version=$(ls /etc/postgresql | sort -n | tail -1)
  echo "Starting PostgreSQL $version"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do ready && break; sleep 1; done
fi
ready || { echo "PostgreSQL did not come up at 127.0.0.1:5432" >&2; exit 1; }

if ! psql -h 127.0.0.1 -U postgres -d postgres -tAc "select 1 from pg_database where datname='test'" | grep -q 1; then
  psql -h 127.0.0.1 -U postgres -d postgres -c "create database test"
fi
echo "PostgreSQL ready at postgres://postgres@127.0.0.1:5432/test"
