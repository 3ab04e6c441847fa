#!/usr/bin/env sh
# Creates the Secret portal-secrets for overlays/development: random passwords for the in-cluster
# PostgreSQL, RabbitMQ and MinIO, a database role password per service, a fresh ES256 key pair and
# identity's key of stored secrets (SETTINGS_ENCRYPTION_KEY).
#   deploy/k8s/create-local-secret.sh [namespace]      (default dealer-portal)
# Set ADMIN_EMAIL / ADMIN_PASSWORD to choose the first admin; the password is printed once otherwise.
# Production secrets are created by hand or by your secret manager: see docs/compose-and-kubernetes.md.
set -eu

namespace=${1:-dealer-portal}

# PostgreSQL keeps the password it was first started with: never regenerate over existing data.
if kubectl -n "$namespace" get secret portal-secrets >/dev/null 2>&1; then
  echo "portal-secrets already exists in $namespace; delete it (and the data volumes) to start over" >&2
  exit 1
fi

services='identity dealer order shipping catalog media geocoding incentive'

random() { openssl rand -hex 16; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM
umask 077

openssl ecparam -name prime256v1 -genkey -noout | openssl pkcs8 -topk8 -nocrypt -out "$dir/jwt-private-key"
openssl ec -in "$dir/jwt-private-key" -pubout -out "$dir/jwt-public-key" 2>/dev/null

postgres_password=$(random)
rabbitmq_password=$(random)
admin_email=${ADMIN_EMAIL:-admin@dealer-portal.local}
admin_password=${ADMIN_PASSWORD:-$(random)}

set -- \
  --from-literal=postgres-password="$postgres_password" \
  --from-literal=database-admin-url="postgres://postgres:$postgres_password@postgres:5432/portal" \
  --from-literal=rabbitmq-password="$rabbitmq_password" \
  --from-literal=amqp-url="amqp://portal:$rabbitmq_password@rabbitmq:5672" \
  --from-literal=s3-access-key=portal \
  --from-literal=s3-secret-key="$(random)" \
  --from-literal=admin-email="$admin_email" \
  --from-literal=admin-password="$admin_password" \
  --from-literal=settings-encryption-key="$(openssl rand -base64 32)" \
  --from-literal=download-signing-key="$(openssl rand -base64 32)" \
  --from-literal=proof-link-signing-key="$(openssl rand -base64 32)" \
  --from-file=jwt-private-key="$dir/jwt-private-key" \
  --from-file=jwt-public-key="$dir/jwt-public-key"
for service in $services; do
  set -- "$@" --from-literal="$service-database-url=postgres://$service:$(random)@postgres:5432/portal"
done

kubectl get namespace "$namespace" >/dev/null 2>&1 || kubectl create namespace "$namespace"
kubectl -n "$namespace" create secret generic portal-secrets "$@"

if [ -z "${ADMIN_PASSWORD:-}" ]; then
  echo "First admin: $admin_email / $admin_password (shown once; change it after signing in)"
fi
