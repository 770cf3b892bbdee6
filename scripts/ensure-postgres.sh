#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 (user postgres, trust, database test);
# starts the installed cluster that is down. Fails loudly rather than letting the tests be skipped.
set -uo pipefail

ping_server() {
  if command -v pg_isready >/dev/null 2>&1; then
    pg_isready -q -h 127.0.0.1 -p 5432 -U postgres >/dev/null 2>&1
  else
    (exec 3<>/dev/tcp/127.0.0.1/5432) >/dev/null 2>&1
  fi
}

if ping_server; then
  echo "PostgreSQL answers on 127.0.0.1:5432"
  exit 0
fi

if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
  version="$(ls /etc/postgresql | sort -V | tail -n 1)"
  echo "PostgreSQL ${version} is installed but not answering; starting it"
  pg_ctlcluster --skip-systemctl-redirect "${version}" main start || true
  for _ in $(seq 1 60); do
    if ping_server; then
      echo "PostgreSQL started"
      exit 0
    fi
    sleep 1
  done
fi

echo "ERROR: no PostgreSQL server answers on 127.0.0.1:5432 (user postgres, trust, database test)." >&2
echo "The PostgreSQL tests need one; they are never skipped. Install postgresql or start it." >&2
exit 1
