#!/usr/bin/env bash
# Installs what JobDesk needs to build, test and run on Debian 12 (apt only).
set -euo pipefail
PACKAGES=(
  build-essential cmake ninja-build pkg-config git
  qt6-base-dev qt6-charts-dev libqt6opengl6-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libqt6sql6-sqlite libqt6sql6-psql
  libpqxx-dev libcurl4-openssl-dev postgresql-15 sqlite3 xvfb rpm
  libvalijson-dev nlohmann-json3-dev json-schema-test-suite
  clang clang-14 libclang-rt-14-dev
  librsvg2-bin dpkg-dev desktop-file-utils appstream lintian
  patroni etcd-server pgbouncer curl
  fonts-lohit-taml
  prometheus
  nginx openssl
)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "installing: ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
