#!/usr/bin/env bash
# Makes sure a MariaDB/MySQL server answers on 127.0.0.1:3306; starts an installed one that is
# down. Fails loudly rather than letting the database tests be skipped.
set -uo pipefail

ping_server() {
  if command -v mariadb-admin >/dev/null 2>&1; then
    mariadb-admin --protocol=tcp -h 127.0.0.1 -P 3306 -u root ping >/dev/null 2>&1
  elif command -v mysqladmin >/dev/null 2>&1; then
    mysqladmin --protocol=tcp -h 127.0.0.1 -P 3306 -u root ping >/dev/null 2>&1
  else
    (exec 3<>/dev/tcp/127.0.0.1/3306) >/dev/null 2>&1
  fi
}

if ping_server; then
  echo "MariaDB/MySQL answers on 127.0.0.1:3306"
  exit 0
fi

if [ -x /usr/sbin/mariadbd ]; then
  echo "MariaDB is installed but not answering; starting it"
  if [ ! -d /run/mysqld ]; then
    mkdir -p /run/mysqld
    chown mysql:mysql /run/mysqld 2>/dev/null || true
  fi
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd || true
  for _ in $(seq 1 60); do
    if ping_server; then
      echo "MariaDB started"
      exit 0
    fi
    sleep 1
  done
fi

echo "ERROR: no MariaDB/MySQL server answers on 127.0.0.1:3306 (user root, empty password)." >&2
echo "The database tests need one; they are never skipped. Install mariadb-server or start it." >&2
exit 1
