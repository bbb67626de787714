#!/usr/bin/env bash
# Builds the Debian packages (preset "package"), checks them with lintian, desktop-file-validate
# and appstreamcli, installs them with apt-get, runs the installed programs (the console's demo
# offscreen, for a few seconds), purges them and checks that nothing but user data is left.
#
#   bash scripts/package-check.sh            # build + check
#   SKIP_BUILD=1 bash scripts/package-check.sh   # check the .deb files already in build/package
#
# Needs root (or sudo) for apt-get. Packages: desktop-file-utils appstream lintian librsvg2-bin
# sqlite3 dpkg-dev rpm (and what scripts/install-deps.sh installs).
# Installs and removes the packages "jobdesk" and "jobdesk-server" on this machine.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=$ROOT/build/package
START=$(date +%s)
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
fail() { echo "package-check: FAIL: $*" >&2; exit 1; }
step() { echo; echo "== $* ($(($(date +%s) - START)) s)"; }

for tool in desktop-file-validate appstreamcli lintian sqlite3 dpkg-shlibdeps; do
  command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install desktop-file-utils appstream lintian sqlite3 dpkg-dev)"
done
command -v rsvg-convert >/dev/null || command -v convert >/dev/null || fail "rsvg-convert is missing (apt-get install librsvg2-bin)"

if [ -z "${SKIP_BUILD:-}" ]; then
  step "build (preset package)"
  cmake --preset package >/dev/null
  cmake --build --preset package -j"${JOBS:-2}"
  step "cpack -G DEB"
  rm -f "$BUILD"/jobdesk*.deb
  (cd "$BUILD" && cpack -G DEB >/dev/null)
fi
mapfile -t DEBS < <(ls "$BUILD"/jobdesk*.deb 2>/dev/null)
((${#DEBS[@]} == 2)) || fail "expected 2 .deb files in $BUILD, found ${#DEBS[@]}"
for d in "${DEBS[@]}"; do
  echo "$(basename "$d"): $(du -k "$d" | cut -f1) KiB"
  dpkg-deb -f "$d" Package Version Depends | sed 's/^/  /'
done

step "desktop-file-validate, appstreamcli validate"
desktop-file-validate resources/org.jobdesk.JobDesk.desktop
appstreamcli validate --no-net --pedantic resources/org.jobdesk.JobDesk.metainfo.xml || fail "appstreamcli"

step "lintian (errors fail)"
LINTIAN_OUT=$(lintian --allow-root --tag-display-limit 0 "${DEBS[@]}" 2>&1 || true)
echo "$LINTIAN_OUT"
if grep -q '^E: ' <<<"$LINTIAN_OUT"; then fail "lintian reports errors"; fi

snapshot() {
  find /usr /etc /opt /var/lib /srv -xdev \
       \( -path /var/lib/dpkg -o -path /var/lib/apt -o -path /var/lib/postgresql -o -path /var/lib/systemd \
          -o -path /var/lib/ucf -o -path /etc/ld.so.cache -o -path /var/lib/man-db -o -path /usr/lib/python3 \) -prune \
       -o -print 2>/dev/null | LC_ALL=C sort
}
BEFORE=$(mktemp); AFTER=$(mktemp); DEMO_HOME=$(mktemp -d)
trap 'rm -rf "$BEFORE" "$AFTER" "$DEMO_HOME"' EXIT
mkdir -p -m 700 "$DEMO_HOME/run"
if dpkg-query -W jobdesk jobdesk-server >/dev/null 2>&1; then
  $SUDO apt-get remove --purge -y -qq jobdesk jobdesk-server >/dev/null || true
fi
snapshot >"$BEFORE"

step "apt-get install"
# apt-get wants a path with a slash to take a local file.
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${DEBS[@]}" >/dev/null
dpkg-query -W jobdesk jobdesk-server

step "installed programs"
[ -x /usr/bin/jobdesk ] && [ -x /usr/bin/jobdesk-server ] && [ -x /usr/bin/jobdesk-fake-provider ] || fail "programs not in /usr/bin"
VERSION=$(dpkg-query -W -f='${Version}' jobdesk)
OUT=$(/usr/bin/jobdesk-server --version) || fail "jobdesk-server --version"
echo "/usr/bin/jobdesk-server --version: $OUT"; grep -q "$VERSION" <<<"$OUT" || fail "jobdesk-server --version: not $VERSION"
OUT=$(XDG_RUNTIME_DIR="$DEMO_HOME/run" QT_QPA_PLATFORM=offscreen /usr/bin/jobdesk --version) || fail "jobdesk --version"
echo "/usr/bin/jobdesk --version: $OUT"; grep -q "$VERSION" <<<"$OUT" || fail "jobdesk --version: not $VERSION"
/usr/bin/jobdesk-fake-provider --help >/dev/null || fail "jobdesk-fake-provider --help"
getent passwd jobdesk >/dev/null || fail "the jobdesk system user was not created"
for f in /usr/lib/systemd/system/jobdesk-server.service /usr/lib/sysusers.d/jobdesk-server.conf /etc/default/jobdesk-server \
         /usr/share/applications/org.jobdesk.JobDesk.desktop /usr/share/metainfo/org.jobdesk.JobDesk.metainfo.xml \
         /usr/share/icons/hicolor/scalable/apps/jobdesk.svg /usr/share/icons/hicolor/48x48/apps/jobdesk.png \
         /usr/share/man/man1/jobdesk.1.gz /usr/share/man/man1/jobdesk-server.1.gz \
         /usr/share/jobdesk/examples/routes.example.json /usr/share/doc/jobdesk/copyright; do
  [ -e "$f" ] || fail "$f is not installed"
done
if command -v systemd-analyze >/dev/null; then
  systemd-analyze verify /usr/lib/systemd/system/jobdesk-server.service 2>&1 | grep -v '^$' || true
fi

step "installed jobdesk --demo, offscreen, 12 s"
set +e
env -u XDG_DATA_HOME -u XDG_CONFIG_HOME -u XDG_CACHE_HOME HOME="$DEMO_HOME" XDG_RUNTIME_DIR="$DEMO_HOME/run" \
  QT_QPA_PLATFORM=offscreen timeout -s TERM 12 /usr/bin/jobdesk --demo >"$DEMO_HOME/demo.log" 2>&1
rc=$?
set -e
[ "$rc" -eq 124 ] || [ "$rc" -eq 0 ] || { cat "$DEMO_HOME/demo.log"; fail "jobdesk --demo exited with $rc"; }
DB="$DEMO_HOME/.local/share/JobDesk/jobdesk/demo.db"
[ -f "$DB" ] || { cat "$DEMO_HOME/demo.log"; fail "no demo database at $DB"; }
JOBS=$(sqlite3 "$DB" "SELECT count(*) FROM jobs;")
ATTEMPTS=$(sqlite3 "$DB" "SELECT count(*) FROM attempts;")
echo "demo database: $JOBS jobs, $ATTEMPTS attempts"
((JOBS > 0)) || fail "the demo wrote no jobs"

step "apt-get remove --purge"
DEBIAN_FRONTEND=noninteractive $SUDO apt-get remove --purge -y -qq jobdesk jobdesk-server >/dev/null
! dpkg-query -W -f='${Status}\n' jobdesk jobdesk-server 2>/dev/null | grep -q installed || fail "still installed"
snapshot >"$AFTER"
# Whatever is new and belongs to no installed package (dependencies apt pulled in) is left behind.
LEFT=()
while IFS= read -r path; do
  dpkg -S "$path" >/dev/null 2>&1 && continue
  LEFT+=("$path")
done < <(LC_ALL=C comm -13 "$BEFORE" "$AFTER")
# User data allowed: the server's state directory (its database) if something wrote there.
KEPT=()
for p in "${LEFT[@]}"; do
  case "$p" in /var/lib/jobdesk|/var/lib/jobdesk/*) KEPT+=("$p") ;; *) echo "left behind: $p" ;; esac
done
for p in "${LEFT[@]}"; do case "$p" in /var/lib/jobdesk|/var/lib/jobdesk/*) ;; *) fail "files left after purge" ;; esac; done
((${#KEPT[@]})) && echo "kept (user data): ${KEPT[*]}"
[ -d "$DEMO_HOME/.local/share/JobDesk" ] && echo "kept (user data): the demo database in the user's home"

echo
echo "package-check: OK in $(($(date +%s) - START)) s"
