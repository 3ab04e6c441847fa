#!/usr/bin/env bash
# Makes sure the real PostgreSQL and RabbitMQ the integration tests use are running.
# Given URLs (TEST_DATABASE_URL, TEST_AMQP_URL) are used as they are; otherwise the local servers on
# 127.0.0.1 are started when installed but stopped. Where neither runs, the Jest global setup falls
# back to Testcontainers if a Docker engine answers, or explains what is missing.
set -uo pipefail

port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

if [ -z "${TEST_DATABASE_URL:-}" ] && ! port_open 127.0.0.1 5432; then
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    echo "==> starting the local PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
    for _ in $(seq 1 30); do port_open 127.0.0.1 5432 && break; sleep 1; done
  fi
fi

if [ -z "${TEST_AMQP_URL:-}" ] && ! port_open 127.0.0.1 5672; then
  if command -v rabbitmq-server >/dev/null 2>&1; then
    echo "==> starting the local RabbitMQ"
    rabbitmq-server -detached || true
    for _ in $(seq 1 60); do port_open 127.0.0.1 5672 && break; sleep 1; done
  fi
fi
exit 0
