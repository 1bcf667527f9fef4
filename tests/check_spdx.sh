#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
# Every source file of labforge names its licence in an SPDX line near its top: C++ sources
# and headers, CMake files, shell and Python scripts. Not checked: data (lab files, golden
# outputs, fuzz corpora) and the templates and resources copied into guest images as they are.
set -euo pipefail
source=${1:-$(dirname "$0")/..}
cd "$source"
missing=()
while IFS= read -r f; do
    head -n 5 "$f" | grep -q 'SPDX-License-Identifier: Apache-2.0' || missing+=("$f")
done < <(git ls-files | grep -E '\.(cpp|h|sh|py)$|(^|/)CMakeLists\.txt$|^\.ci/run$' \
    | grep -vE '^tests/(data|golden)/|/templates/|^runner/resources/')
if [ ${#missing[@]} -ne 0 ]; then
    echo "${#missing[@]} source file(s) without an SPDX-License-Identifier line:"
    printf '  %s\n' "${missing[@]}"
    exit 1
fi
grep -q 'Apache License' LICENSE && grep -q 'Version 2.0, January 2004' LICENSE || { echo "LICENSE is not the Apache-2.0 text"; exit 1; }
echo "spdx: every source file names its licence"
