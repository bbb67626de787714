# jobdesk-server (RPM %post): the system user, then systemd sees the unit.
if command -v systemd-sysusers >/dev/null 2>&1; then
    systemd-sysusers jobdesk-server.conf || :
elif ! getent passwd jobdesk >/dev/null; then
    useradd --system --user-group --home-dir /var/lib/jobdesk --no-create-home \
        --shell /sbin/nologin --comment "JobDesk server" jobdesk || :
fi
[ -d /run/systemd/system ] && systemctl --system daemon-reload >/dev/null 2>&1 || :
