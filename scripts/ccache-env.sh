# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Sourced by the build scripts: compile through ccache when it is installed, so that a
# fresh clone (CI clones main anew for every run) rebuilds only what changed. Paths are
# made relative to the checkout, so clones in different directories share the cache.
# LABFORGE_CCACHE=0 turns it off.
LABFORGE_CCACHE_ARGS=
if [ "${LABFORGE_CCACHE:-1}" != 0 ] && command -v ccache >/dev/null; then
    export CCACHE_BASEDIR="$PWD"
    export CCACHE_NOHASHDIR=1
    if [ -z "${CCACHE_DIR:-}" ] && [ "$(id -u)" -eq 0 ]; then
        export CCACHE_DIR=/var/cache/labforge/ccache
    fi
    export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-4G}"
    LABFORGE_CCACHE_ARGS="-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache"
fi
