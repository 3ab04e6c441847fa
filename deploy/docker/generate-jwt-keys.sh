#!/usr/bin/env sh
# Prints a fresh ES256 (P-256) key pair as JWT_PRIVATE_KEY / JWT_PUBLIC_KEY lines for a .env file:
#   deploy/docker/generate-jwt-keys.sh >> .env
# Newlines are written as \n on one line; the services turn them back into PEM newlines.
# Only identity gets the private key (it signs tokens); every service and the gateway verify with the public one.
set -eu

command -v openssl >/dev/null 2>&1 || { echo 'openssl is required' >&2; exit 1; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM
umask 077

openssl ecparam -name prime256v1 -genkey -noout \
  | openssl pkcs8 -topk8 -nocrypt -out "$dir/private.pem"
openssl ec -in "$dir/private.pem" -pubout -out "$dir/public.pem" 2>/dev/null

one_line() { awk 'BEGIN { ORS = "" } { if (NR > 1) print "\\n"; print }' "$1"; }

printf "JWT_PRIVATE_KEY='%s'\n" "$(one_line "$dir/private.pem")"
printf "JWT_PUBLIC_KEY='%s'\n" "$(one_line "$dir/public.pem")"
