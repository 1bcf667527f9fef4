#!/usr/bin/env bash
# Installs what is needed, builds, and opens the designer on the built-in slurm-hpc lab.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
scripts/build.sh
exec build/app/labforge --template slurm-hpc "$@"
