#!/bin/bash
# openfactory-directory: before slapd starts, the admin password of this run (from the seed
# disk) as a hash in rootpw.conf, and at the first boot the directory's entries.
set -euo pipefail
conf=/etc/ldap/openfactory/slapd.conf
password=/etc/openfactory/directory/admin-password
data=/var/lib/openfactory-directory
if [ ! -s "$password" ]; then
    echo "openfactory-directory: no admin password at $password (seed disk missing?)" >&2
    exit 1
fi
umask 027
hash=$(slappasswd -h '{SSHA}' -T <(tr -d '\n' < "$password"))
printf 'rootpw %s\n' "$hash" > /etc/ldap/openfactory/rootpw.conf.new
chgrp openldap /etc/ldap/openfactory/rootpw.conf.new
mv /etc/ldap/openfactory/rootpw.conf.new /etc/ldap/openfactory/rootpw.conf
install -d -o openldap -g openldap -m 0700 "$data"
if [ ! -e "$data/data.mdb" ]; then
    slapadd -q -f "$conf" -l /etc/ldap/openfactory/entries.ldif
    chown -R openldap:openldap "$data"
    echo "openfactory-directory: entries loaded"
fi
slaptest -Q -u -f "$conf"
